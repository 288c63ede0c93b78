import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceDevWallet } from '../../../demo/devWallet/announce.ts'
import { DEV_WALLET_ICON, DEV_WALLET_NAME, DEV_WALLET_RDNS } from '../../../demo/devWallet/info.ts'
import type { PromptRequest } from '../../../demo/devWallet/prompt.ts'
import { DEV_WALLET_SETTING_KEY, devWalletSetting, storeDevWalletEnabled } from '../../../demo/devWallet/settings.ts'
import { createDevSigner } from '../../../demo/devWallet/signer.ts'
import { DEV_WALLET_ADDRESS, DEV_WALLET_STATE_KEY, type DevWalletOptions, createDevWallet, isLocalRpcUrl, readableMessage } from '../../../demo/devWallet/wallet.ts'
import { HARDHAT_ACCOUNT_0 } from '../../../demo/peers/accounts.mjs'

// The demo's development wallet (issue 4 item 9): its settings, its EIP-6963
// announcement, and its EIP-1193 behaviour with a fake prompt and a fake node.

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map }
}

function rpcError(code: number, message: string) {
  return expect.objectContaining({ code, message })
}

function wallet(options: Partial<DevWalletOptions> & { answers?: boolean[] } = {}) {
  const prompts: Omit<PromptRequest, 'title'>[] = []
  const answers = [...(options.answers ?? [])]
  const nodeCalls: { url: string; method: string; params: unknown }[] = []
  const storage = options.storage ?? memoryStorage()
  const core = createDevWallet({
    storage,
    origin: 'demo.test',
    label: 'Dev Wallet Label',
    prompt: async ({ title, ...request }) => {
      expect(title).toBe('Dev Wallet Label')
      prompts.push(request)
      return answers.length > 0 ? answers.shift()! : true
    },
    fetch: (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { method: string; params: unknown }
      nodeCalls.push({ url, method: body.method, params: body.params })
      if (body.method === 'eth_getBalance') return Response.json({ jsonrpc: '2.0', id: 1, result: '0x10' })
      return Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not supported' } })
    }) as typeof fetch,
    loadSigner: async () => createDevSigner(),
    ...options,
  })
  const events: [string, unknown][] = []
  core.onEvent((event, payload) => events.push([event, payload]))
  const request = (method: string, params?: unknown) => core.request({ method, params })
  return { core, request, prompts, events, nodeCalls, storage }
}

describe('dev wallet settings (?devwallet=, the "Announce the dev wallet" checkbox)', () => {
  it('is on by default, follows the stored checkbox, and ?devwallet=on|off wins over it', () => {
    expect(devWalletSetting('', memoryStorage())).toEqual({ enabled: true, forced: false })
    expect(devWalletSetting('', undefined)).toEqual({ enabled: true, forced: false })
    expect(devWalletSetting('', memoryStorage({ [DEV_WALLET_SETTING_KEY]: 'off' }))).toEqual({ enabled: false, forced: false })
    expect(devWalletSetting('?devwallet=on', memoryStorage({ [DEV_WALLET_SETTING_KEY]: 'off' }))).toEqual({ enabled: true, forced: true })
    expect(devWalletSetting('?disable=email&devwallet=off', memoryStorage({ [DEV_WALLET_SETTING_KEY]: 'on' }))).toEqual({
      enabled: false,
      forced: true,
    })
  })

  it('ignores anything else in the query or storage, and a storage that throws', () => {
    expect(devWalletSetting('?devwallet=OFF', memoryStorage({ [DEV_WALLET_SETTING_KEY]: 'nope' }))).toEqual({ enabled: true, forced: false })
    const throwing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(devWalletSetting('', throwing)).toEqual({ enabled: true, forced: false })
    expect(() => storeDevWalletEnabled(throwing, false)).not.toThrow()
    const storage = memoryStorage()
    storeDevWalletEnabled(storage, false)
    expect(storage.map.get(DEV_WALLET_SETTING_KEY)).toBe('off')
    storeDevWalletEnabled(storage, true)
    expect(devWalletSetting('', storage).enabled).toBe(true)
  })
})

describe('dev wallet announcement (EIP-6963)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('announces itself, labelled, with a data: URI icon, now and on every request; the wallet downloads on first use', async () => {
    const target = new EventTarget() as Window
    const seen: { info: Record<string, string>; provider: { request(a: unknown): Promise<unknown> } }[] = []
    target.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent).detail))
    const load = vi.fn(async () => createDevWallet({ storage: memoryStorage(), prompt: async () => true }))
    const stop = announceDevWallet(target, load)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.info).toMatchObject({ name: DEV_WALLET_NAME, rdns: DEV_WALLET_RDNS, icon: DEV_WALLET_ICON })
    expect(seen[0]!.info['name']).toContain('Hardhat test key, never use real funds')
    expect(DEV_WALLET_ICON.startsWith('data:image/svg+xml,')).toBe(true)
    expect(() => new URL(DEV_WALLET_ICON)).not.toThrow()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(seen[1]!.provider).toBe(seen[0]!.provider)
    expect(load).not.toHaveBeenCalled()
    await expect(seen[0]!.provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await seen[0]!.provider.request({ method: 'eth_accounts' })
    expect(load).toHaveBeenCalledTimes(1)
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
  })

  it('forwards wallet events to listeners added before the wallet loaded, and retries a failed download', async () => {
    const target = new EventTarget() as Window
    let provider!: { request(a: unknown): Promise<unknown>; on(e: string, l: (p: unknown) => void): unknown }
    target.addEventListener('eip6963:announceProvider', (event) => (provider = (event as CustomEvent).detail.provider))
    const load = vi
      .fn<() => Promise<ReturnType<typeof createDevWallet>>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockImplementation(async () => createDevWallet({ storage: memoryStorage(), prompt: async () => true }))
    announceDevWallet(target, load)
    const accounts: unknown[] = []
    provider.on('accountsChanged', (payload) => accounts.push(payload))
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toThrow('chunk failed')
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([DEV_WALLET_ADDRESS])
    expect(accounts).toEqual([[DEV_WALLET_ADDRESS]])
  })
})

describe('dev wallet (EIP-1193 over Hardhat test account #0)', () => {
  it('is account #0 of Hardhat', () => {
    expect(DEV_WALLET_ADDRESS).toBe(HARDHAT_ACCOUNT_0.address)
    expect(createDevSigner().address).toBe(HARDHAT_ACCOUNT_0.address)
  })

  it('connects only after the person approves; a rejection is EIP-1193 4001 and leaves it unauthorized', async () => {
    const w = wallet({ answers: [false, true] })
    expect(await w.request('eth_accounts')).toEqual([])
    await expect(w.request('eth_requestAccounts')).rejects.toEqual(rpcError(4001, 'User rejected the request.'))
    expect(await w.request('eth_accounts')).toEqual([])
    expect(await w.request('eth_requestAccounts')).toEqual([DEV_WALLET_ADDRESS])
    expect(w.prompts.map((p) => p.action)).toEqual(['demo.test asks to connect to your account.', 'demo.test asks to connect to your account.'])
    expect(w.events).toEqual([['accountsChanged', [DEV_WALLET_ADDRESS]]])
    // Already connected: no second prompt.
    expect(await w.request('eth_requestAccounts')).toEqual([DEV_WALLET_ADDRESS])
    expect(w.prompts).toHaveLength(2)
  })

  it('remembers the connection and chain across page loads (storage parsed, junk ignored)', async () => {
    const storage = memoryStorage()
    const first = wallet({ storage })
    await first.request('eth_requestAccounts')
    const second = wallet({ storage })
    expect(await second.request('eth_accounts')).toEqual([DEV_WALLET_ADDRESS])
    expect(second.prompts).toEqual([])
    storage.map.set(DEV_WALLET_STATE_KEY, JSON.stringify({ authorized: true, chainId: 1, chains: { '1': 'https://eth.example' } }))
    const tampered = wallet({ storage })
    expect(await tampered.request('eth_accounts')).toEqual([])
    expect(await tampered.request('eth_chainId')).toBe('0x7a69')
  })

  it('does not know a second chain until the dapp adds it: 4902, then wallet_addEthereumChain (prompted), then the switch', async () => {
    const w = wallet()
    await w.request('eth_requestAccounts')
    await expect(w.request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).rejects.toEqual(expect.objectContaining({ code: 4902 }))
    await w.request('wallet_addEthereumChain', [{ chainId: '0x7a6a', chainName: 'Hardhat 2', rpcUrls: ['http://127.0.0.1:8546'] }])
    expect(w.prompts.at(-1)).toEqual({
      action: 'demo.test asks to add a network.',
      details: [
        ['Network', 'Hardhat 2'],
        ['Chain id', '31338'],
        ['RPC', 'http://127.0.0.1:8546'],
      ],
    })
    await w.request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(await w.request('eth_chainId')).toBe('0x7a6a')
    expect(w.events.at(-1)).toEqual(['chainChanged', '0x7a6a'])
    // Reads now go to the second chain's node.
    await w.request('eth_getBalance', [DEV_WALLET_ADDRESS, 'latest'])
    expect(w.nodeCalls.at(-1)).toEqual({ url: 'http://127.0.0.1:8546', method: 'eth_getBalance', params: [DEV_WALLET_ADDRESS, 'latest'] })
  })

  it('refuses to add a chain that is not on 127.0.0.1 (the key must never meet a real chain) and bad parameters', async () => {
    const w = wallet()
    await expect(w.request('wallet_addEthereumChain', [{ chainId: '0x1', chainName: 'Ethereum', rpcUrls: ['https://cloudflare-eth.com'] }])).rejects.toEqual(
      expect.objectContaining({ code: -32602, message: expect.stringContaining('only talks to local chains') }),
    )
    await expect(w.request('wallet_switchEthereumChain', [{ chainId: 'one' }])).rejects.toEqual(expect.objectContaining({ code: -32602 }))
    await expect(w.request('wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: [] }])).rejects.toEqual(expect.objectContaining({ code: -32602 }))
    expect(w.prompts).toEqual([])
  })

  it('personal_sign: needs the connection, asks showing the message as text, and signs with account #0', async () => {
    const w = wallet({ answers: [true, false, true] })
    const message = '0x48656c6c6f2066726f6d20506f727469636f' // "Hello from Portico"
    await expect(w.request('personal_sign', [message, DEV_WALLET_ADDRESS])).rejects.toEqual(expect.objectContaining({ code: 4100 }))
    await w.request('eth_requestAccounts')
    await expect(w.request('personal_sign', [message, DEV_WALLET_ADDRESS])).rejects.toEqual(rpcError(4001, 'User rejected the request.'))
    const signature = (await w.request('personal_sign', [message, DEV_WALLET_ADDRESS])) as Hex
    expect(w.prompts.at(-1)?.details[0]).toEqual(['Message', 'Hello from Portico'])
    expect(await verifyMessage({ address: DEV_WALLET_ADDRESS, message: 'Hello from Portico', signature })).toBe(true)
    await expect(w.request('personal_sign', [message, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])).rejects.toEqual(expect.objectContaining({ code: 4100 }))
  })

  it('eth_signTypedData_v4: asks, then signs the typed data (JSON string as wallets receive it)', async () => {
    const w = wallet()
    await w.request('eth_requestAccounts')
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'Hello' },
    } as const
    const signature = (await w.request('eth_signTypedData_v4', [DEV_WALLET_ADDRESS, JSON.stringify(typed)])) as Hex
    expect(w.prompts.at(-1)?.details.slice(0, 2)).toEqual([
      ['Type', 'Greeting'],
      ['Domain', 'Portico'],
    ])
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address: DEV_WALLET_ADDRESS, domain: typed.domain, types, primaryType: 'Greeting', message: typed.message, signature })).toBe(true)
    await expect(w.request('eth_signTypedData_v4', [DEV_WALLET_ADDRESS, '{not json'])).rejects.toEqual(expect.objectContaining({ code: -32602 }))
  })

  it('eth_sendTransaction: asks showing receiver, value and network, then hands the transaction to the signer for the current chain', async () => {
    const sent: unknown[] = []
    const w = wallet({
      loadSigner: async () => ({
        ...createDevSigner(),
        sendTransaction: async (tx, chain) => (sent.push([tx, chain]), `0x${'ab'.repeat(32)}`),
      }),
    })
    await w.request('eth_requestAccounts')
    const tx = { from: DEV_WALLET_ADDRESS, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x38d7ea4c68000' }
    expect(await w.request('eth_sendTransaction', [tx])).toBe(`0x${'ab'.repeat(32)}`)
    expect(w.prompts.at(-1)).toEqual({
      action: 'demo.test asks you to send a transaction.',
      details: [
        ['To', tx.to],
        ['Value', '0.001 ETH'],
        ['Network', 'chain 31337'],
      ],
    })
    expect(sent).toEqual([[tx, { id: 31337, rpcUrl: 'http://127.0.0.1:8545' }]])
    await expect(w.request('eth_sendTransaction', [{ ...tx, from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }])).rejects.toEqual(expect.objectContaining({ code: 4100 }))
  })

  it('forwards reads to the node, answers the node’s errors as EIP-1193 errors, and refuses anything else (4200)', async () => {
    const w = wallet()
    expect(await w.request('eth_getBalance', [DEV_WALLET_ADDRESS, 'latest'])).toBe('0x10')
    expect(w.nodeCalls).toEqual([{ url: 'http://127.0.0.1:8545', method: 'eth_getBalance', params: [DEV_WALLET_ADDRESS, 'latest'] }])
    await expect(w.request('eth_blockNumber')).rejects.toEqual(rpcError(-32601, 'Method not supported'))
    // Never forwarded: the node holds unlocked accounts and would sign with them.
    for (const method of ['eth_sign', 'eth_signTransaction', 'hardhat_setBalance', 'evm_mine', 'personal_unlockAccount']) {
      await expect(w.request(method, [])).rejects.toEqual(expect.objectContaining({ code: 4200 }))
    }
    expect(w.nodeCalls).toHaveLength(2)
  })

  it('wallet_revokePermissions disconnects: accountsChanged([]), eth_accounts empty, remembered', async () => {
    const w = wallet()
    await w.request('eth_requestAccounts')
    expect(await w.request('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(await w.request('eth_accounts')).toEqual([])
    expect(w.events.at(-1)).toEqual(['accountsChanged', []])
    expect(JSON.parse(w.storage.getItem(DEV_WALLET_STATE_KEY)!)).toMatchObject({ authorized: false })
  })

  it('answers malformed parameters with -32602 and never prompts for them (the dapp is untrusted too)', async () => {
    const w = wallet()
    await w.request('eth_requestAccounts')
    const prompted = w.prompts.length
    const bad: [string, unknown][] = [
      ['wallet_switchEthereumChain', []],
      ['wallet_switchEthereumChain', [{ chainId: '0x0' }]],
      ['wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: 'http://127.0.0.1:8546' }]],
      ['personal_sign', ['0x68', 'not an address']],
      ['personal_sign', [{ text: 'hi' }, DEV_WALLET_ADDRESS]],
      ['eth_signTypedData_v4', [DEV_WALLET_ADDRESS, JSON.stringify({ domain: {}, types: { A: 'x' }, primaryType: 'A', message: {} })]],
      ['eth_sendTransaction', [{ to: 'javascript:alert(1)' }]],
      ['eth_sendTransaction', [{ to: DEV_WALLET_ADDRESS, value: '1000' }]],
      ['eth_sendTransaction', 'not a list'],
    ]
    for (const [method, params] of bad) {
      await expect(w.request(method, params), method).rejects.toEqual(expect.objectContaining({ code: -32602 }))
    }
    expect(w.prompts).toHaveLength(prompted)
  })

  it('only local RPC urls count (127.0.0.1 or localhost, http or https)', () => {
    expect(isLocalRpcUrl('http://127.0.0.1:8546')).toBe(true)
    expect(isLocalRpcUrl('https://localhost/rpc')).toBe(true)
    for (const url of ['http://127.0.0.1.evil.com', 'http://10.0.0.1:8545', 'ws://127.0.0.1:8545', 'http://localhost:99999999', 42]) {
      expect(isLocalRpcUrl(url), String(url)).toBe(false)
    }
  })

  it('shows a hex message that is not text as hex', () => {
    expect(readableMessage('0x48690a')).toBe('Hi\n')
    expect(readableMessage('0x00ff10')).toBe('0x00ff10')
    expect(readableMessage('plain words')).toBe('plain words')
  })
})
