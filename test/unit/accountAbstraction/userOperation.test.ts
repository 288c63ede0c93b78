// The local ERC-4337 stack end to end: a user operation from a fresh smart account goes through
// the real bundler (Alto) to the EntryPoint v0.7 on Hardhat and lands; with the paymaster
// service sponsoring it, an account holding 0 ETH acts.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  concat,
  createPublicClient,
  defineChain,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseEventLogs,
  toHex,
  type Chain,
  type PublicClient,
  type Hex,
  type Transport,
} from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startPaymasterServer, type PaymasterServer } from '../../../servers/paymaster/server.ts'
import { DEMO_PAYMASTER, DEMO_PAYMASTER_SIGNER_KEY, ENTRY_POINT_V07, PORTICO_ACCOUNT_FACTORY, startBundlerStack, type BundlerStack } from '../../peers/bundler.ts'
import { toPorticoAccount } from '../../../servers/frame/page/smartAccount.ts'

const PAGE = 'http://127.0.0.1:5173'

let stack: BundlerStack
let paymaster: PaymasterServer
let chain: Chain
let client: PublicClient<Transport, Chain>

beforeAll(async () => {
  stack = await startBundlerStack()
  paymaster = await startPaymasterServer({ signerKey: DEMO_PAYMASTER_SIGNER_KEY, chains: { 31337: { paymaster: DEMO_PAYMASTER } }, allowedOrigins: [PAGE] })
  chain = defineChain({ id: 31337, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [stack.node.url] } } })
  client = createPublicClient({ chain, transport: http(stack.node.url) })
})

afterAll(async () => {
  await paymaster?.close()
  await stack?.stop()
})

const freshAccount = () => toPorticoAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })

describe('the local ERC-4337 stack', () => {
  it('has the EntryPoint v0.7 at its canonical address and the PorticoAccountFactory at its deterministic one', async () => {
    expect(ENTRY_POINT_V07).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    expect(PORTICO_ACCOUNT_FACTORY).toBe('0x9093E362fB101d467361524968027B98EA40D782')
    expect(await client.getCode({ address: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' })).toMatch(/^0x60806040/)
    expect(await client.getCode({ address: '0x9093E362fB101d467361524968027B98EA40D782' })).toMatch(/^0x60806040/)
  })

  it('runs the bundler on 127.0.0.1 only (Alto itself would listen on every interface)', () => {
    const port = Number(new URL(stack.bundlerUrl).port)
    // Linux's listening TCP sockets: local address as hex IP:port, state 0A = LISTEN.
    const listening = [readFileSync('/proc/net/tcp', 'utf8'), readFileSync('/proc/net/tcp6', 'utf8')]
      .flatMap((table) => table.split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && Number.parseInt(fields[1]!.split(':')[1]!, 16) === port)
      .map((fields) => fields[1]!.split(':')[0])
    expect(listening).toEqual(['0100007F']) // 127.0.0.1 only: nothing on the IPv4 or IPv6 wildcard address
  })

  it('bundles a user operation from a fresh smart account: it deploys the account and sends 0.001 ETH', async () => {
    const account = await freshAccount()
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    await client.request({ method: 'hardhat_setBalance' as never, params: [account.address, '0xde0b6b3a7640000'] as never }) // 1 ETH
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const bundler = createBundlerClient({ account, client, transport: http(stack.bundlerUrl) })
    const started = performance.now()
    const hash = await bundler.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.001') }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    console.info(`user operation: sent to receipt in ${Math.round(performance.now() - started)} ms`)
    expect(receipt.success).toBe(true)
    const [event] = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.receipt.logs })
    expect(event?.args.sender).toBe(account.address)
    expect(event?.args.paymaster).toBe('0x0000000000000000000000000000000000000000')
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.001'))
    expect(await client.getCode({ address: account.address })).toMatch(/^0x/)
  })

  it('lets a fresh account holding 0 ETH act when the paymaster service sponsors it', async () => {
    const account = await freshAccount()
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    const deposit = await client.readContract({ address: ENTRY_POINT_V07, abi: entryPoint07Abi, functionName: 'balanceOf', args: [DEMO_PAYMASTER] })
    const sponsor = createPaymasterClient({ transport: http(paymaster.url, { fetchOptions: { headers: { origin: PAGE } } }) })
    const bundler = createBundlerClient({ account, client, paymaster: sponsor, transport: http(stack.bundlerUrl) })
    const target = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundler.sendUserOperation({ calls: [{ to: target, data: '0x1234' }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    const [event] = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.receipt.logs })
    expect(event?.args.sender).toBe(account.address)
    expect(event?.args.paymaster).toBe(DEMO_PAYMASTER)
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    const after = await client.readContract({ address: ENTRY_POINT_V07, abi: entryPoint07Abi, functionName: 'balanceOf', args: [DEMO_PAYMASTER] })
    expect(deposit - after).toBe(event!.args.actualGasCost)
  })
})

describe('the VerifyingPaymaster contract and the service’s signature', () => {
  const paymasterAbi = parseAbi([
    'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
    'function validatePaymasterUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 maxCost) returns (bytes context, uint256 validationData)',
  ])
  const op: UserOperation<'0.7'> = {
    sender: '0x1111111111111111111111111111111111111111',
    nonce: 0n,
    callData: '0xb61d27f6',
    callGasLimit: 21_000n,
    verificationGasLimit: 100_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 1_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    paymasterVerificationGasLimit: 100_000n,
    paymasterPostOpGasLimit: 0n,
    signature: '0x',
  }
  const rpcOp = (value: UserOperation<'0.7'>) => Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeof field === 'bigint' ? numberToHex(field) : field]))

  async function signedData(value: UserOperation<'0.7'>): Promise<Hex> {
    const response = await fetch(paymaster.url, {
      method: 'POST',
      headers: { origin: PAGE, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [rpcOp(value), ENTRY_POINT_V07, toHex(31337), {}] }),
    })
    return ((await response.json()) as { result: { paymasterData: Hex } }).result.paymasterData
  }

  /** What the contract answers the EntryPoint: validationData's low 160 bits are 1 when the signature fails. */
  async function validate(value: UserOperation<'0.7'>, paymasterData: Hex) {
    const packed = toPackedUserOperation({ ...value, paymaster: DEMO_PAYMASTER, paymasterData })
    const { result } = await client.simulateContract({
      account: ENTRY_POINT_V07,
      address: DEMO_PAYMASTER,
      abi: paymasterAbi,
      functionName: 'validatePaymasterUserOp',
      args: [packed, `0x${'00'.repeat(32)}`, 0n],
    })
    const validationData = result[1]
    return { sigFailed: (validationData & ((1n << 160n) - 1n)) === 1n, validUntil: Number((validationData >> 160n) & ((1n << 48n) - 1n)) }
  }

  it('accepts the service’s signature, valid for 600 s', async () => {
    const before = Math.floor(Date.now() / 1000)
    const verdict = await validate(op, await signedData(op))
    expect(verdict.sigFailed).toBe(false)
    expect(verdict.validUntil).toBeGreaterThanOrEqual(before + 600)
    expect(verdict.validUntil).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600)
  })

  it('refuses a signature from another key (someone forging sponsorship)', async () => {
    const data = await signedData(op)
    const forged = concat([data.slice(0, 130) as Hex, await privateKeyToAccount(generatePrivateKey()).signMessage({ message: 'not the paymaster' })])
    expect((await validate(op, forged)).sigFailed).toBe(true)
  })

  it('refuses the signature on an operation changed after signing (other calldata or higher gas)', async () => {
    const data = await signedData(op)
    expect((await validate({ ...op, callData: '0xdeadbeef' }, data)).sigFailed).toBe(true)
    expect((await validate({ ...op, callGasLimit: 5_000_000n }, data)).sigFailed).toBe(true)
    expect((await validate({ ...op, paymasterVerificationGasLimit: 900_000n }, data)).sigFailed).toBe(true)
  })
})
