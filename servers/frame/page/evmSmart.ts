import * as v from 'valibot'
import { type Address, type Hex, bytesToHex, formatEther, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address } from 'viem/account-abstraction'
import { ErrorText, SnackText } from '../../../kernel/errors/catalogue.ts'
import { RowLabel, SponsorText } from './approvalText.ts'
import type { SmartAccountNetwork } from './config.ts'
import { describeCall } from './decode/evmCall.ts'
import { nativeSymbol } from './decode/nativeSymbol.ts'
import { evmSigningRequest } from './evm.ts'
import { CallsId, SendCallsParams } from './sendCallsParams.ts'
import { type AccountCall, callsStatus, decodeAccountCalls, networkClient, sendCalls, toPorticoAccount, transactionOf } from './smartAccount.ts'
import { type ApprovalRow, type FrameNetwork, type SigningRequest, UNKNOWN_ADDRESS } from './signing.ts'

const HexData = v.custom<Hex>((value) => typeof value === 'string' && isHex(value), 'must be hex')
const AddressParam = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'))
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))

const SendTransaction = v.tuple([v.object({ from: v.optional(AddressParam), to: AddressParam, value: v.optional(Quantity), data: v.optional(HexData) })])
/** eth_sendUserOperation: the operation (its sender and calldata; the frame fills gas, fees and nonce and signs) and the EntryPoint. */
const SendUserOperation = v.tuple([v.looseObject({ sender: AddressParam, callData: HexData }), AddressParam])

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Where the smart account acts: its network, its bundler and paymaster, its owner (the embedded EOA) and its address. */
export interface SmartContext {
  network: FrameNetwork
  smart: SmartAccountNetwork
  owner: Address
  address: Address
}

const chainOf = (network: FrameNetwork) => Number(network.caipNetworkId.split(':')[1])

/** The rows of a batch: each call, numbered, with its decoded function; then who pays the gas. */
function batchRows(context: SmartContext, calls: readonly AccountCall[]): { rows: ApprovalRow[]; warnings: string[] } {
  const symbol = nativeSymbol(chainOf(context.network))
  const warnings: string[] = []
  const callRows = calls.map((call, index): ApprovalRow => {
    const described = describeCall(call.data === '0x' ? undefined : call.data)
    warnings.push(...described.warnings)
    return {
      label: RowLabel.call(index + 1, calls.length),
      value: call.to,
      rows: [...described.rows, { label: RowLabel.VALUE, value: `${formatEther(call.value)} ${symbol}` }],
    }
  })
  return {
    rows: [
      { label: RowLabel.FROM, value: `${context.address} (${RowLabel.SMART_ACCOUNT})` },
      ...callRows,
      { label: RowLabel.NETWORK_FEE, value: context.smart.paymasterUrl ? SponsorText.SPONSORED : SponsorText.ACCOUNT_PAYS },
      { label: RowLabel.NETWORK, value: `${context.network.caipNetworkId} (chain ${chainOf(context.network)})` },
    ],
    warnings,
  }
}

const toCall = (call: { to: string; value?: string | undefined; data?: Hex | undefined }): AccountCall => ({
  to: call.to as Address,
  value: call.value ? BigInt(call.value) : 0n,
  data: call.data ?? '0x',
})

/** The batch as one approval; Approve signs ONE user operation with the owner's key and sends it through the bundler; the answer is made from its hash. */
function batchRequest(method: string, context: SmartContext, calls: AccountCall[], answer: (hash: Hex) => unknown): SigningRequest {
  return {
    method,
    ...batchRows(context, calls),
    perform: async (secret) => answer(await sendCalls(networkClient(context.network), context.smart, privateKeyToAccount(bytesToHex(secret)), calls)),
  }
}

/**
 * A message or typed-data signature of the smart account: checked and shown as the EOA's is,
 * signed by the owner for the account (ERC-1271 once deployed, ERC-6492 before). A signature that
 * fails tells the visitor what SPEC says: the application might not support smart accounts.
 */
async function messageRequest(method: string, params: unknown, context: SmartContext): Promise<SigningRequest | undefined> {
  const request = await evmSigningRequest(method, params, context.network, context.address, async (secret) =>
    toPorticoAccount({ client: networkClient(context.network), owner: privateKeyToAccount(bytesToHex(secret)) }),
  )
  if (!request) return undefined
  return {
    ...request,
    perform: (secret) =>
      request.perform(secret).catch(() => {
        throw new Error(SnackText.SMART_ACCOUNT_UNSUPPORTED)
      }),
  }
}

/**
 * The unsafe requests a smart account answers: personal_sign and eth_signTypedData_v4 (the
 * owner signs for the account), eth_sendTransaction and wallet_sendCalls (one user operation,
 * executeBatch for a batch), eth_sendUserOperation (the operation's own calls).
 */
export async function smartSigningRequest(method: string, params: unknown, context: SmartContext): Promise<SigningRequest | undefined> {
  const own = (claimed: string | undefined) => {
    if (claimed !== undefined && !same(claimed, context.address)) throw new Error(UNKNOWN_ADDRESS)
  }
  if (method === 'personal_sign' || method === 'eth_signTypedData_v4') return messageRequest(method, params, context)
  if (method === 'eth_sendTransaction') {
    const [tx] = v.parse(SendTransaction, params)
    own(tx.from)
    return batchRequest(method, context, [toCall(tx)], (hash) => transactionOf(networkClient(context.network), context.smart, hash))
  }
  if (method === 'wallet_sendCalls') {
    const [request] = v.parse(SendCallsParams, params)
    own(request.from)
    if (Number(request.chainId) !== chainOf(context.network)) throw new Error(ErrorText.UNSUPPORTED_CHAIN)
    return batchRequest(method, context, request.calls.map(toCall), (id) => ({ id }))
  }
  if (method === 'eth_sendUserOperation') {
    const [operation, entryPoint] = v.parse(SendUserOperation, params)
    own(operation.sender)
    if (!same(entryPoint, entryPoint07Address)) throw new Error(`Only the EntryPoint v0.7 (${entryPoint07Address}) is supported`)
    return batchRequest(method, context, decodeAccountCalls(operation.callData), (hash) => hash)
  }
  return undefined
}

/**
 * The read-only EIP-5792 methods of a smart account: wallet_getCapabilities (atomic batches
 * everywhere it has a bundler, paymaster service where one is configured), wallet_getCallsStatus
 * and wallet_showCallsStatus (the status is the bundler's receipt of the user operation).
 */
export async function smartReadRequest(
  method: 'wallet_getCapabilities' | 'wallet_getCallsStatus' | 'wallet_showCallsStatus',
  params: unknown,
  context: SmartContext,
  enabled: readonly SmartAccountNetwork[],
): Promise<{ result: unknown }> {
  if (method === 'wallet_getCapabilities') return { result: capabilities(enabled) }
  const [id] = v.parse(CallsId, params)
  const status = await callsStatus(networkClient(context.network), context.smart, id as Hex)
  return { result: method === 'wallet_getCallsStatus' ? status : null }
}

/** EIP-5792 capabilities by hex chain id: atomic batches on every network with a bundler, a paymaster service where one is configured. */
export function capabilities(enabled: readonly SmartAccountNetwork[]): Record<Hex, Record<string, unknown>> {
  return Object.fromEntries(
    enabled.map((network) => [
      `0x${Number(network.caipNetworkId.split(':')[1]).toString(16)}`,
      {
        atomic: { status: 'supported' },
        atomicBatch: { supported: true },
        paymasterService: { supported: network.paymasterUrl !== undefined },
      },
    ]),
  )
}
