// PorticoAccount (servers/frame/contracts/PorticoAccount.sol: SimpleAccount v0.7's calls and
// user-operation signature, plus ERC-1271) as a viem smart account, owned by the embedded
// wallet's EOA. None of viem's adapters fits a stack an integrator deploys alone (Coinbase's and
// Solady's factories need their sources or bytecode, which no installed package carries; SimpleAccount v0.7
// cannot sign a message). A message or typed-data signature is the owner's EIP-712 signature of
// the account's replay-safe hash; before deployment viem wraps it in ERC-6492 with the factory
// call. Loaded by the frame page on first use only.
import {
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
  createPublicClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  hashMessage,
  hashTypedData,
  http,
  parseAbi,
} from 'viem'
import { type SmartAccount, createBundlerClient, createPaymasterClient, entryPoint07Abi, entryPoint07Address, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import type { SmartAccountNetwork } from './config.ts'
import type { FrameNetwork } from './signing.ts'

/** PorticoAccountFactory for the EntryPoint v0.7 (CREATE2 through Arachnid's deployer, salt 0): the same address on every chain. */
export const PORTICO_ACCOUNT_FACTORY: Address = '0x9093E362fB101d467361524968027B98EA40D782'

const accountAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)', 'function executeBatch(address[] dest, uint256[] value, bytes[] func)'])
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])

/** A 65-byte signature that recovers without reverting (to some other address): gas is estimated with it. */
const STUB_SIGNATURE = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** One call of a batch, as EIP-5792 and the account's executeBatch take it. */
export interface AccountCall {
  to: Address
  value: bigint
  data: Hex
}

/** The EIP-712 message the owner signs for the account (PorticoAccount.replaySafeHash). */
function replaySafeTypedData(hash: Hex, chainId: number, account: Address) {
  return {
    domain: { name: 'Portico Account', version: '1', chainId, verifyingContract: account },
    types: { PorticoAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PorticoAccountMessage',
    message: { hash },
  } as const
}

export async function toPorticoAccount({ client, owner, salt = 0n }: { client: PublicClient<Transport, Chain>; owner: LocalAccount; salt?: bigint }): Promise<SmartAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  let address: Address | undefined
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await counterfactualAddress(client, owner.address, salt)
      return address
    },
    async getFactoryArgs() {
      return { factory: PORTICO_ACCOUNT_FACTORY, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [calls[0]!.to, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      })
    },
    decodeCalls: async (data) => decodeAccountCalls(data),
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signUserOperation({ chainId = client.chain.id, ...userOperation }) {
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      return owner.signMessage({ message: { raw: hash } })
    },
    async signMessage({ message }) {
      return owner.signTypedData(replaySafeTypedData(hashMessage(message), client.chain.id, await this.getAddress()))
    },
    async signTypedData(typedData) {
      return owner.signTypedData(replaySafeTypedData(hashTypedData(typedData), client.chain.id, await this.getAddress()))
    },
  })
}

/** The calls an account's calldata makes (execute or executeBatch). */
export function decodeAccountCalls(data: Hex): AccountCall[] {
  const call = decodeFunctionData({ abi: accountAbi, data })
  if (call.functionName === 'execute') return [{ to: call.args[0], value: call.args[1], data: call.args[2] }]
  return call.args[0].map((to, i) => ({ to, value: call.args[1][i]!, data: call.args[2][i]! }))
}

/** The account's address before it exists: the factory's CREATE2 answer for this owner. */
export function counterfactualAddress(client: PublicClient<Transport, Chain>, owner: Address, salt = 0n): Promise<Address> {
  return readContract(client, { address: PORTICO_ACCOUNT_FACTORY, abi: factoryAbi, functionName: 'getAddress', args: [owner, salt] })
}

/** A read client for the network's node. */
export function networkClient(network: FrameNetwork): PublicClient<Transport, Chain> {
  const chain: Chain = defineChain({
    id: Number(network.caipNetworkId.split(':')[1]),
    name: network.caipNetworkId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  return createPublicClient({ chain, transport: http(network.rpcUrl) }) as PublicClient<Transport, Chain>
}

/** Whether the account has code on the chain: its first user operation deployed it. */
export async function isDeployed(client: PublicClient<Transport, Chain>, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

/**
 * Sends the calls as ONE user operation through the network's bundler (execute for one,
 * executeBatch for more), sponsored by its paymaster service when one is configured; the
 * first one deploys the account. Resolves the user operation's hash.
 */
export async function sendCalls(client: PublicClient<Transport, Chain>, smart: SmartAccountNetwork, owner: LocalAccount, calls: readonly AccountCall[]): Promise<Hex> {
  const account = await toPorticoAccount({ client, owner })
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(smart.bundlerUrl),
    ...(smart.paymasterUrl ? { paymaster: createPaymasterClient({ transport: http(smart.paymasterUrl) }) } : {}),
  })
  return bundler.sendUserOperation({ calls: calls.map((call) => ({ ...call })) })
}

/**
 * The transaction that carried the user operation, once the bundler has its receipt: what
 * eth_sendTransaction answers (a caller waits for a transaction's receipt by its hash).
 */
export async function transactionOf(client: PublicClient<Transport, Chain>, smart: SmartAccountNetwork, hash: Hex): Promise<Hex> {
  const bundler = createBundlerClient({ client, transport: http(smart.bundlerUrl) })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: 60_000 })
  return receipt.receipt.transactionHash
}

/** The EIP-5792 status of a batch sent as a user operation: pending (100) until the bundler has its receipt. */
export async function callsStatus(client: PublicClient<Transport, Chain>, smart: SmartAccountNetwork, id: Hex) {
  const bundler = createBundlerClient({ client, transport: http(smart.bundlerUrl) })
  const receipt = await bundler.getUserOperationReceipt({ hash: id }).catch(() => undefined)
  const base = { version: '2.0.0', id, chainId: `0x${client.chain.id.toString(16)}`, atomic: true }
  if (!receipt) return { ...base, status: 100 }
  const { transactionHash, blockHash, blockNumber, gasUsed, status, logs } = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        transactionHash,
        blockHash,
        blockNumber: `0x${blockNumber.toString(16)}`,
        gasUsed: `0x${gasUsed.toString(16)}`,
        status: status === 'success' ? '0x1' : '0x0',
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
      },
    ],
  }
}
