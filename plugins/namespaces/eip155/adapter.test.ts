import { formatUnits, parseEther, recoverMessageAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdapterEvents } from '../../../kernel/index.ts'
import { type Connector, ErrorText, PorticoError, defineNetwork } from '../../../kernel/index.ts'
import { USER_REJECTED_CODE, WalletError } from '../../../kernel/wallets/index.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../../test/peers/networks.ts'
import { type ApproveFn, createTestWallet } from '../../../test/peers/testWallet.ts'
import { addChainParameters, createEip155Adapter } from './adapter.ts'
import { Eip155ErrorText } from './errors.ts'
import { createRpcClients } from './transport.ts'

// Ports 8555/8556 belong to this file (other files use their own, so files run in parallel;
// 8545 is left to the demo, so tests also run beside `npm start`).
let node1: HardhatNode
let node2: HardhatNode
let chain1: ReturnType<typeof hardhatNetwork>
let chain2: ReturnType<typeof hardhatNetwork>

beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8555 }), startHardhat({ port: 8556, chainId: 31338 })])
  chain1 = hardhatNetwork(node1.url)
  chain2 = hardhatNetwork(node2.url, 31338)
})
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})

type Recorded = [keyof AdapterEvents, ...unknown[]]
function setup(options: { knownChainIds?: number[]; approve?: ApproveFn; privateKey?: Hex } = {}) {
  const wallet = createTestWallet({
    name: 'Test Wallet',
    rdns: 'org.portico.test',
    rpcUrls: { 31337: node1.url, 31338: node2.url },
    privateKey: options.privateKey ?? HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: options.knownChainIds ?? [31337],
    approve: options.approve,
  })
  const recorded: Recorded[] = []
  const events: AdapterEvents = {
    accountsChanged: (...args) => recorded.push(['accountsChanged', ...args]),
    chainChanged: (...args) => recorded.push(['chainChanged', ...args]),
    disconnected: (...args) => recorded.push(['disconnected', ...args]),
  }
  const adapter = createEip155Adapter({ events: () => events, rpc: createRpcClients() })
  const connector: Connector = { id: 'org.portico.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: wallet.provider }
  return { wallet, adapter, connector, recorded }
}

const rejectAll: ApproveFn = () => false
const prompted = (wallet: ReturnType<typeof setup>['wallet']) => wallet.prompts.map((p) => p.method)

describe('eip155 adapter: connect and resume', () => {
  it('connects: eth_requestAccounts then eth_chainId, checksummed address, EOA accounts', async () => {
    const { adapter, connector, wallet } = setup()
    const result = await adapter.connect(connector, chain1)
    expect(result).toEqual({
      address: HARDHAT_ACCOUNT_0.address,
      chainId: 31337,
      accounts: [{ address: HARDHAT_ACCOUNT_0.address, type: 'eoa', namespace: 'eip155' }],
    })
    expect(wallet.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(prompted(wallet)).toEqual(['eth_requestAccounts'])
  })

  it('asks the wallet to switch when it is on another chain than the requested one', async () => {
    const { adapter, connector, wallet } = setup({ knownChainIds: [31338, 31337] })
    const result = await adapter.connect(connector, chain1)
    expect(result.chainId).toBe(31337)
    expect(prompted(wallet)).toEqual(['eth_requestAccounts', 'wallet_switchEthereumChain'])
  })

  it('still connects, on the wallet chain, when the visitor refuses that switch', async () => {
    const { adapter, connector } = setup({ knownChainIds: [31338, 31337], approve: (method) => method === 'eth_requestAccounts' })
    expect((await adapter.connect(connector, chain1)).chainId).toBe(31338)
  })

  it('a refused connection is a clear 4001 error, not a crash', async () => {
    const { adapter, connector, wallet } = setup({ approve: rejectAll })
    const error = await adapter.connect(connector, chain1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletError)
    expect(error).toMatchObject({ shortMessage: Eip155ErrorText.USER_REJECTED, code: USER_REJECTED_CODE, method: 'eth_requestAccounts' })
    expect(wallet.state().authorized).toBe(false)
  })

  it('resumes with eth_accounts and no prompt; undefined once the wallet no longer grants access', async () => {
    const { adapter, connector, wallet } = setup()
    expect(await adapter.reconnect(connector)).toBeUndefined()
    await adapter.connect(connector, chain1)
    const before = wallet.prompts.length
    expect(await adapter.reconnect(connector)).toMatchObject({ address: HARDHAT_ACCOUNT_0.address, chainId: 31337 })
    expect(wallet.prompts.length).toBe(before)
    expect(wallet.calls.at(-2)?.method).toBe('eth_accounts')
    await wallet.lock()
    expect(await adapter.reconnect(connector)).toBeUndefined()
  })

  it('disconnect revokes permissions (best effort) and stops forwarding events', async () => {
    const { adapter, connector, wallet, recorded } = setup()
    await adapter.connect(connector, chain1)
    await adapter.disconnect(connector)
    expect(wallet.calls.at(-1)?.method).toBe('wallet_revokePermissions')
    expect(wallet.state().authorized).toBe(false)
    // The test wallet emits accountsChanged([]) on revoke, like MetaMask: it must not reach the kernel.
    await wallet.emit('accountsChanged', [HARDHAT_ACCOUNT_1.address])
    expect(recorded).toEqual([])
  })

  it('disconnect ignores a wallet that cannot revoke', async () => {
    const { adapter } = setup()
    const failing = { request: async () => Promise.reject({ code: 4200, message: 'Unsupported method' }) }
    await expect(adapter.disconnect({ id: 'x', name: 'X', type: 'INJECTED', chain: 'eip155', provider: failing })).resolves.toBeUndefined()
  })

  it('getProvider returns the wallet own EIP-1193 provider', () => {
    const { adapter, connector, wallet } = setup()
    expect(adapter.getProvider(connector)).toBe(wallet.provider)
  })
})

describe('eip155 adapter: bad wallets', () => {
  const connectorWith = (answers: Record<string, unknown>): Connector => ({
    id: 'bad',
    name: 'Bad Wallet',
    type: 'INJECTED',
    chain: 'eip155',
    provider: { request: async ({ method }: { method: string }) => answers[method] },
  })

  it.each([
    ['accounts that are not addresses', { eth_requestAccounts: ['0x123'], eth_chainId: '0x1' }],
    ['accounts that are not a list', { eth_requestAccounts: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', eth_chainId: '0x1' }],
    ['a chain id that is not hex', { eth_requestAccounts: [HARDHAT_ACCOUNT_0.address], eth_chainId: 'mainnet' }],
    ['a zero chain id', { eth_requestAccounts: [HARDHAT_ACCOUNT_0.address], eth_chainId: '0x0' }],
    ['a chain id as an object', { eth_requestAccounts: [HARDHAT_ACCOUNT_0.address], eth_chainId: { id: 1 } }],
  ])('%s become a clear INVALID_ANSWER error', async (_, answers) => {
    const { adapter } = setup()
    await expect(adapter.connect(connectorWith(answers), chain1)).rejects.toMatchObject({
      shortMessage: Eip155ErrorText.INVALID_ANSWER,
    })
  })

  // SPEC's one EVM address rule: an optional 0x, then 40 hex digits in lower, upper or mixed case.
  it.each([
    ['0x and 40 lower-case digits', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['0x and 40 upper-case digits', '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266'],
    ['40 mixed-case digits without 0x', 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ])('a wallet account of %s is connected, with its 0x and checksummed', async (_, address) => {
    const { adapter } = setup()
    const result = await adapter.connect(connectorWith({ eth_requestAccounts: [address], eth_chainId: '0x7a69' }), chain1)
    expect(result.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it.each([
    ['39 digits', `0x${'a'.repeat(39)}`],
    ['41 digits', `0x${'a'.repeat(41)}`],
    ['41 digits without 0x', 'a'.repeat(41)],
    ['a capital 0X', `0X${'a'.repeat(40)}`],
    ['a non-hex digit', `0x${'g'.repeat(40)}`],
  ])('a wallet account of %s is a clear INVALID_ANSWER error', async (_, address) => {
    const { adapter } = setup()
    await expect(adapter.connect(connectorWith({ eth_requestAccounts: [address], eth_chainId: '0x7a69' }), chain1)).rejects.toMatchObject({
      shortMessage: 'The wallet returned an invalid answer',
    })
  })

  it('an empty account list is NO_ACCOUNTS', async () => {
    const { adapter } = setup()
    await expect(adapter.connect(connectorWith({ eth_requestAccounts: [] }), chain1)).rejects.toMatchObject({
      shortMessage: Eip155ErrorText.NO_ACCOUNTS,
    })
  })

  it('a connector without a provider is NO_PROVIDER', async () => {
    const { adapter } = setup()
    const connector: Connector = { id: 'none', name: 'None', type: 'INJECTED', chain: 'eip155' }
    await expect(adapter.connect(connector, chain1)).rejects.toMatchObject({ shortMessage: Eip155ErrorText.NO_PROVIDER })
  })
})

describe('eip155 adapter: balance over the public RPC transport', () => {
  it('equals eth_getBalance from the node, formatted with 18 decimals, symbol ETH', async () => {
    const { adapter, connector, wallet } = setup()
    await adapter.connect(connector, chain1)
    // Move a fraction so the figure is not round: this goes through the test wallet's Node signer.
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: HARDHAT_ACCOUNT_1.address, value: `0x${parseEther('1.25').toString(16)}` }],
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const wei = BigInt(await rpc<string>(node1.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']))
    const balance = await adapter.getBalance(HARDHAT_ACCOUNT_0.address, chain1)
    expect(balance).toEqual({ balance: formatUnits(wei, 18), symbol: 'ETH' })
    expect(balance.balance).toMatch(/^9998\.74/)
  })

  it('a node that does not answer is the HTTP status error of the catalogue', async () => {
    const { adapter } = setup()
    const down = defineNetwork({ ...chain1, caipNetworkId: undefined, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } })
    const error = await adapter.getBalance(HARDHAT_ACCOUNT_0.address, down).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).shortMessage).toBe('HTTP request failed.')
  }, 15_000)

  it('reads the balance of an address written without its 0x (the address rule makes it optional)', async () => {
    const { adapter } = setup()
    const wei = BigInt(await rpc<string>(node1.url, 'eth_getBalance', [HARDHAT_ACCOUNT_1.address, 'latest']))
    await expect(adapter.getBalance(HARDHAT_ACCOUNT_1.address.slice(2), chain1)).resolves.toEqual({ balance: formatUnits(wei, 18), symbol: 'ETH' })
  })

  it('refuses an address that is not an EVM address before any request', async () => {
    const { adapter } = setup()
    await expect(adapter.getBalance('0xnope', chain1)).rejects.toMatchObject({ shortMessage: Eip155ErrorText.INVALID_ADDRESS })
  })
})

describe('eip155 adapter: switching network', () => {
  it('switch -> 4902 -> wallet_addEthereumChain -> switch again, on a real second node', async () => {
    const { adapter, connector, wallet, recorded } = setup({ knownChainIds: [31337] })
    await adapter.connect(connector, chain1)
    await adapter.switchNetwork(connector, chain2)
    expect(wallet.calls.slice(-3).map((c) => c.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(wallet.prompts.find((p) => p.method === 'wallet_addEthereumChain')?.params).toEqual([
      { chainId: '0x7a6a', chainName: 'Hardhat 31338', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [node2.url] },
    ])
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(recorded).toContainEqual(['chainChanged', 'eip155', 'org.portico.test', 31338])
    // Reads now go to the second node.
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe(await rpc(node2.url, 'eth_chainId'))
  })

  it('reads a 4902 nested in data.originalError.code too', async () => {
    const { adapter } = setup()
    const calls: string[] = []
    let switches = 0
    const provider = {
      async request({ method }: { method: string }) {
        calls.push(method)
        if (method === 'wallet_switchEthereumChain' && switches++ === 0) {
          throw { code: -32603, message: 'Internal error', data: { originalError: { code: 4902 } } }
        }
        return null
      },
    }
    await adapter.switchNetwork({ id: 'm', name: 'Mobile', type: 'INJECTED', chain: 'eip155', provider }, chain2)
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
  })

  it('a refused switch propagates as a clear 4001 error', async () => {
    const { adapter, connector } = setup({ knownChainIds: [31337, 31338], approve: (m) => m !== 'wallet_switchEthereumChain' })
    await adapter.connect(connector, chain1)
    await expect(adapter.switchNetwork(connector, chain2)).rejects.toMatchObject({
      shortMessage: Eip155ErrorText.USER_REJECTED,
      code: USER_REJECTED_CODE,
      method: 'wallet_switchEthereumChain',
    })
  })

  it('a refused add is a 4001; a wallet that cannot add is "Chain is not supported"', async () => {
    const refuses = setup({ approve: (m) => m !== 'wallet_addEthereumChain' })
    await refuses.adapter.connect(refuses.connector, chain1)
    await expect(refuses.adapter.switchNetwork(refuses.connector, chain2)).rejects.toMatchObject({ code: USER_REJECTED_CODE })

    const { adapter } = setup()
    const provider = {
      async request({ method }: { method: string }) {
        if (method === 'wallet_switchEthereumChain') throw { code: 4902, message: 'Unrecognized chain' }
        throw { code: -32602, message: 'rpcUrls must be https' }
      },
    }
    const error = await adapter.switchNetwork({ id: 'x', name: 'X', type: 'INJECTED', chain: 'eip155', provider }, chain2).catch((e: unknown) => e)
    expect(error).toMatchObject({ shortMessage: ErrorText.CHAIN_NOT_SUPPORTED, code: -32602 })
    expect((error as Error).message).toContain('rpcUrls must be https')
  })

  it('addChainParameters carries explorers as blockExplorerUrls (EIP-3085)', () => {
    const withExplorer = { ...chain2, blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } } }
    expect(addChainParameters(withExplorer, '0x7a6a')).toEqual({
      chainId: '0x7a6a',
      chainName: 'Hardhat 31338',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [node2.url],
      blockExplorerUrls: ['https://scan.example'],
    })
  })
})

describe('eip155 adapter: wallet events reach the kernel', () => {
  it('forwards accountsChanged (checksummed), chainChanged (hex -> number) and disconnect', async () => {
    const { adapter, connector, wallet, recorded } = setup({ knownChainIds: [31337, 31338] })
    await adapter.connect(connector, chain1)
    await wallet.emit('accountsChanged', [HARDHAT_ACCOUNT_1.address.toLowerCase()])
    await wallet.setChain(31338)
    await wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    expect(recorded).toEqual([
      ['accountsChanged', 'eip155', 'org.portico.test', [HARDHAT_ACCOUNT_1.address]],
      ['chainChanged', 'eip155', 'org.portico.test', 31338],
      ['disconnected', 'eip155', 'org.portico.test'],
    ])
  })

  it('drops malformed payloads and MetaMask’s 1013 "reconnecting" disconnect', async () => {
    const { adapter, connector, wallet, recorded } = setup()
    await adapter.connect(connector, chain1)
    await wallet.emit('accountsChanged', ['0x123'])
    await wallet.emit('accountsChanged', 'nope')
    await wallet.emit('chainChanged', 'not-a-chain')
    await wallet.emit('chainChanged', '0x0')
    await wallet.emit('disconnect', { code: 1013 })
    await wallet.emit('chainChanged', 10)
    expect(recorded).toEqual([['chainChanged', 'eip155', 'org.portico.test', 10]])
  })

  it('a resume after a connect does not double the listeners', async () => {
    const { adapter, connector, wallet, recorded } = setup()
    await adapter.connect(connector, chain1)
    await adapter.reconnect(connector)
    await wallet.emit('chainChanged', '0x1')
    expect(recorded).toHaveLength(1)
  })
})

describe('the test wallet signs in Node', () => {
  it('personal_sign is recoverable to the account, and needs authorization first', async () => {
    const { adapter, connector, wallet } = setup()
    await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })).rejects.toMatchObject({ code: 4100 })
    await adapter.connect(connector, chain1)
    const signature = (await wallet.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })) as Hex
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(HARDHAT_ACCOUNT_0.address)
  })
})
