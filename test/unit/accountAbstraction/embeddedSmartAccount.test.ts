// The embedded wallet's smart account in the frame (servers/frame/page): its handlers against a
// Hardhat node of the file's own with the EntryPoint v0.7, the real bundler (Alto) and the
// paymaster service. The key is held in memory here (the frame rebuilds it from its shares);
// everything after the key is the frame's own code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bytesToHex,
  concat,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  hexToBytes,
  http,
  parseEther,
  parseEventLogs,
  toHex,
  type Address,
  type Hex,
} from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, signMessage } from 'viem/accounts'
import { isErc6492Signature } from 'viem/utils'
import { SnackText } from '../../../kernel/errors/catalogue.ts'
import { PORTICO_ACCOUNT_FACTORY as DEMO_FACTORY, porticoAccountFactoryBytecode } from '../../../demo/peers/accountAbstraction.mjs'
import { deployDemoTokens } from '../../../demo/peers/deployTokens.mjs'
import { DEMO_TOKENS } from '../../../demo/peers/tokens.mjs'
import type { SmartAccountNetwork } from '../../../servers/frame/page/config.ts'
import { smartSigningRequest, type SmartContext } from '../../../servers/frame/page/evmSmart.ts'
import { SendCallsParams } from '../../../servers/frame/page/sendCallsParams.ts'
import { NO_SMART_ACCOUNTS } from '../../../servers/frame/page/handlers.ts'
import { frameHandlersFor } from '../../../servers/frame/page/test/frameHandlers.ts'
import { PORTICO_ACCOUNT_FACTORY, networkClient } from '../../../servers/frame/page/smartAccount.ts'
import { startPaymasterServer, type PaymasterServer } from '../../../servers/paymaster/server.ts'
import * as v from 'valibot'
import { DEMO_PAYMASTER, DEMO_PAYMASTER_SIGNER_KEY, startBundlerStack, type BundlerStack } from '../../peers/bundler.ts'

/** The frame's origin: the paymaster service answers only origins it lists (a browser always sends Origin). */
const FRAME_ORIGIN = 'http://127.0.0.1:8700'
const HARDHAT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let stack: BundlerStack
let paymaster: PaymasterServer
const realFetch = globalThis.fetch

beforeAll(async () => {
  stack = await startBundlerStack()
  paymaster = await startPaymasterServer({ signerKey: DEMO_PAYMASTER_SIGNER_KEY, chains: { 31337: { paymaster: DEMO_PAYMASTER } }, allowedOrigins: [FRAME_ORIGIN] })
  await deployDemoTokens(stack.node.url)
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', FRAME_ORIGIN)
    return realFetch(input, { ...init, headers })
  }
})

afterAll(async () => {
  globalThis.fetch = realFetch
  await paymaster?.close()
  await stack?.stop()
})

/** The frame's handlers for a fresh key, the host having allowed eip155:31337 (a smart account) and eip155:1 (none). */
function frameFor(smartAccounts: SmartAccountNetwork[]) {
  const secret = hexToBytes(generatePrivateKey())
  const owner = privateKeyToAccount(bytesToHex(secret)).address
  const { ask } = frameHandlersFor(secret, owner, smartAccounts)
  return { secret, owner, ask }
}

async function synced(smartAccounts: SmartAccountNetwork[]) {
  const frame = frameFor(smartAccounts)
  await frame.ask('SYNC_DAPP_DATA', {
    sdkVersion: 'test',
    sdkType: 'portico',
    projectId: 'project-1',
    networks: [
      { caipNetworkId: 'eip155:31337', rpcUrl: stack.node.url },
      { caipNetworkId: 'eip155:1', rpcUrl: stack.node.url },
    ],
  })
  return frame
}

const client = () => networkClient({ caipNetworkId: 'eip155:31337', rpcUrl: stack.node.url })

/** Deploys the account with its first user operation (a call to itself with nothing), the paymaster paying. */
async function deployAccount(frame: Awaited<ReturnType<typeof synced>>, context: SmartContext) {
  const request = await smartSigningRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: context.address }] }], context)
  const { id } = (await request!.perform(frame.secret)) as { id: Hex }
  expect((await pollStatus(frame, id)).status).toBe(200)
  expect(await client().getCode({ address: context.address })).toMatch(/^0x/)
}

/** The frame and the smart account's context, for the requests the tests sign with the key directly (no approval panel here). */
async function contextOf(smartAccounts: SmartAccountNetwork[]) {
  const frame = await synced(smartAccounts)
  const { address } = await frame.ask('GET_USER', { chainId: 31337 })
  const context: SmartContext = {
    network: { caipNetworkId: 'eip155:31337', rpcUrl: stack.node.url },
    smart: smartAccounts[0]!,
    owner: frame.owner,
    address: address as Address,
  }
  return { frame, context }
}

const sponsored = (): SmartAccountNetwork[] => [{ caipNetworkId: 'eip155:31337', bundlerUrl: stack.bundlerUrl, paymasterUrl: paymaster.url }]
const unsponsored = (): SmartAccountNetwork[] => [{ caipNetworkId: 'eip155:31337', bundlerUrl: stack.bundlerUrl }]

describe('the embedded wallet’s smart account (frame handlers)', () => {
  it('uses the PorticoAccountFactory the demo deploys, at the address its committed source compiles to', () => {
    expect(PORTICO_ACCOUNT_FACTORY).toBe('0x9093E362fB101d467361524968027B98EA40D782')
    expect(DEMO_FACTORY).toBe(PORTICO_ACCOUNT_FACTORY)
    const initCode = concat([porticoAccountFactoryBytecode(), encodeAbiParameters([{ type: 'address' }], ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'])])
    const deployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
    expect(getContractAddress({ opcode: 'CREATE2', from: deployer, salt: `0x${'00'.repeat(32)}`, bytecode: initCode })).toBe(PORTICO_ACCOUNT_FACTORY)
  })

  it('lists the frame server’s smart-account networks and answers the counterfactual address, undeployed, as the default type', async () => {
    const frame = await synced(sponsored())
    expect(await frame.ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)).toEqual({ smartAccountEnabledNetworks: [31337] })
    await frame.ask('INIT_SMART_ACCOUNT', undefined)
    const user = await frame.ask('GET_USER', { chainId: 31337 })
    expect(user.preferredAccountType).toBe('smartAccount')
    expect(user.address).not.toBe(frame.owner)
    expect(user.accounts).toEqual([
      { address: frame.owner, type: 'eoa' },
      { address: user.address, type: 'smartAccount' },
    ])
    expect(user.smartAccountDeployed).toBe(false)
    expect(await networkClient({ caipNetworkId: 'eip155:31337', rpcUrl: stack.node.url }).getCode({ address: user.address as Address })).toBeUndefined()
    expect((await frame.ask('RPC_REQUEST', { method: 'eth_accounts', caipNetworkId: 'eip155:31337' })).result).toEqual([user.address])
  })

  it('has no smart account on a network the frame server does not list: eoa, and INIT or a change to smartAccount fails', async () => {
    const frame = await synced(sponsored())
    const user = await frame.ask('GET_USER', { chainId: 1, preferredAccountType: 'smartAccount' })
    expect(user).toMatchObject({ address: frame.owner, preferredAccountType: 'eoa', accounts: [{ address: frame.owner, type: 'eoa' }] })
    await expect(frame.ask('INIT_SMART_ACCOUNT', undefined)).rejects.toThrow(NO_SMART_ACCOUNTS)
    await expect(frame.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).rejects.toThrow(NO_SMART_ACCOUNTS)
    expect(await frame.ask('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [frame.owner], caipNetworkId: 'eip155:1' })).toEqual({
      result: { '0x1': { atomic: { status: 'unsupported' } } },
    })
  })

  it('switches between the two addresses (set preferred account) and back', async () => {
    const frame = await synced(sponsored())
    const smart = (await frame.ask('GET_USER', { chainId: 31337 })).address
    expect(await frame.ask('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ type: 'eoa', address: frame.owner })
    expect((await frame.ask('RPC_REQUEST', { method: 'eth_accounts', caipNetworkId: 'eip155:31337' })).result).toEqual([frame.owner])
    expect((await frame.ask('GET_USER', { chainId: 31337 })).preferredAccountType).toBe('eoa')
    expect(await frame.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ type: 'smartAccount', address: smart })
    expect((await frame.ask('RPC_REQUEST', { method: 'eth_accounts', caipNetworkId: 'eip155:31337' })).result).toEqual([smart])
  })

  it('answers wallet_getCapabilities: atomic batches, and a paymaster service where one is configured', async () => {
    const frame = await synced(sponsored())
    const { address } = await frame.ask('GET_USER', { chainId: 31337 })
    const { result } = await frame.ask('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [address], caipNetworkId: 'eip155:31337' })
    expect(result).toEqual({ '0x7a69': { atomic: { status: 'supported' }, atomicBatch: { supported: true }, paymasterService: { supported: true } } })
    const plain = await synced(unsponsored())
    await plain.ask('GET_USER', { chainId: 31337 })
    expect((await plain.ask('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [], caipNetworkId: 'eip155:31337' })).result).toMatchObject({
      '0x7a69': { paymasterService: { supported: false } },
    })
  })

  it('signs a message as the smart account: ERC-6492 before deployment, ERC-1271 after; the owner’s own signature is not the account’s', async () => {
    const { frame, context } = await contextOf(sponsored())
    const account = context.address
    const sign = async (message: string) => (await (await smartSigningRequest('personal_sign', [toHex(message), account], context))!.perform(frame.secret)) as Hex
    const undeployed = await sign('before deployment')
    expect(isErc6492Signature(undeployed)).toBe(true)
    expect(await client().verifyMessage({ address: account, message: 'before deployment', signature: undeployed })).toBe(true)
    expect(await client().verifyMessage({ address: account, message: 'something else', signature: undeployed })).toBe(false)
    // The attack: the owner's personal_sign of the message replayed as the account's signature.
    const ownerSignature = await signMessage({ message: 'before deployment', privateKey: bytesToHex(frame.secret) })
    await deployAccount(frame, context)
    expect(await client().verifyMessage({ address: account, message: 'before deployment', signature: ownerSignature })).toBe(false)
    const deployed = await sign('after deployment')
    expect(isErc6492Signature(deployed)).toBe(false)
    expect(deployed).toHaveLength(132)
    expect(await client().verifyMessage({ address: account, message: 'after deployment', signature: deployed })).toBe(true)
    expect(await client().verifyMessage({ address: account, message: 'after deployment', signature: ownerSignature })).toBe(false)
  })

  it('signs typed data as the smart account (ERC-1271 through the replay-safe hash)', async () => {
    const { frame, context } = await contextOf(sponsored())
    const account = context.address
    const typedData = {
      domain: { name: 'Mail', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const request = await smartSigningRequest('eth_signTypedData_v4', [account, JSON.stringify(typedData)], context)
    const signature = (await request!.perform(frame.secret)) as Hex
    expect(await client().verifyTypedData({ address: account, ...typedData, signature })).toBe(true)
  })

  it('a smart-account signature that fails says “This application might not support Smart Accounts”', async () => {
    const { frame, context } = await contextOf(sponsored())
    // Types that name a struct nobody defines: shown, but not hashable, so not signable.
    const typedData = { types: { Mail: [{ name: 'from', type: 'Person' }] }, primaryType: 'Mail', message: { from: { name: 'Ada' } } }
    const request = await smartSigningRequest('eth_signTypedData_v4', [context.address, JSON.stringify(typedData)], context)
    await expect(request!.perform(frame.secret)).rejects.toThrow('This application might not support Smart Accounts')
    expect(SnackText.SMART_ACCOUNT_UNSUPPORTED).toBe('This application might not support Smart Accounts')
  })
})

describe('user operations from the smart account', () => {
  it('eth_sendTransaction of 0.001 ETH goes as the first user operation through the bundler, deploys the account, and answers the transaction’s hash', async () => {
    const { frame, context } = await contextOf(unsponsored())
    await client().request({ method: 'hardhat_setBalance' as never, params: [context.address, '0xde0b6b3a7640000'] as never }) // 1 ETH
    const to = privateKeyToAccount(generatePrivateKey()).address
    const request = (await smartSigningRequest('eth_sendTransaction', [{ from: context.address, to, value: '0x38d7ea4c68000' }], context))!
    expect(request.rows.map((row) => row.value)).toContain('Paid from this account')
    const started = performance.now()
    // The answer is the transaction that carried the user operation, mined when it comes.
    const hash = (await request.perform(frame.secret)) as Hex
    console.info(`smart account send: approve to receipt in ${Math.round(performance.now() - started)} ms`)
    const receipt = await client().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const logs = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
    expect(logs.map((log) => [log.args.sender, log.args.success])).toEqual([[context.address, true]])
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.001'))
    expect((await frame.ask('GET_USER', { chainId: 31337 })).smartAccountDeployed).toBe(true)
  })

  it('wallet_sendCalls of two ERC20 transfers lands as ONE user operation in one transaction, the paymaster paying', async () => {
    const { frame, context } = await contextOf(sponsored())
    const token = DEMO_TOKENS[0].address
    const wallet = createWalletClient({ account: HARDHAT_0, transport: http(stack.node.url) })
    await wallet.writeContract({ chain: null, address: token, abi: erc20Abi, functionName: 'transfer', args: [context.address, 10n] })
    const [alice, bob] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
    const transfer = (to: Address, amount: bigint) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })
    const params = [{ version: '2.0.0', chainId: '0x7a69', from: context.address, atomicRequired: true, calls: [transfer(alice, 3n), transfer(bob, 4n)] }]
    const request = (await smartSigningRequest('wallet_sendCalls', params, context))!
    expect(request.rows.map((row) => row.label)).toEqual(['From', 'Call 1 of 2', 'Call 2 of 2', 'Network fee', 'Network'])
    expect(request.rows.map((row) => row.value)).toContain('Paid by the app (paymaster)')
    const { id } = (await request.perform(frame.secret)) as { id: Hex }
    const status = await pollStatus(frame, id)
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: (await client().getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })).logs })
    expect(transfers.map((log) => [log.args.to, log.args.value])).toEqual([
      [alice, 3n],
      [bob, 4n],
    ])
    expect(await client().getBalance({ address: context.address })).toBe(0n)
  })

  it('validates wallet_sendCalls against SPEC’s params: a call’s `to` must start with 0x; chainId, version and calls are required', async () => {
    const call = { to: '0x0000000000000000000000000000000000000001' }
    expect(v.is(SendCallsParams, [{ version: '2.0.0', chainId: '0x7a69', calls: [call] }])).toBe(true)
    expect(v.is(SendCallsParams, [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: '0000000000000000000000000000000000000001' }] }])).toBe(false)
    expect(v.is(SendCallsParams, [{ version: '2.0.0', calls: [call] }])).toBe(false)
    expect(v.is(SendCallsParams, [{ chainId: '0x7a69', calls: [call] }])).toBe(false)
    expect(v.is(SendCallsParams, [{ version: '2.0.0', chainId: '0x7a69', calls: [] }])).toBe(false)
    const { context } = await contextOf(sponsored())
    await expect(smartSigningRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls: [call] }], context)).rejects.toThrow('Unsupported chain')
  })
})

/** wallet_getCallsStatus through the frame until the bundler has the receipt (100 → 200). */
async function pollStatus(frame: Awaited<ReturnType<typeof synced>>, id: Hex) {
  for (let tries = 0; tries < 200; tries++) {
    const { result } = await frame.ask('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id], caipNetworkId: 'eip155:31337' })
    const status = result as { status: number; atomic: boolean; chainId: string; receipts: { transactionHash: Hex }[] }
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no receipt for ${id}`)
}
