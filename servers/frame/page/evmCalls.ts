import * as v from 'valibot'
import { type Hex, bytesToHex, formatEther } from 'viem'
import { CallsErrorText, ErrorText } from '../../../kernel/errors/catalogue.ts'
import { RowLabel } from './approvalText.ts'
import { describeCall } from './decode/evmCall.ts'
import { nativeSymbol } from './decode/nativeSymbol.ts'
import { transactionRequest } from './evmTransaction.ts'
import { jsonRpc } from './rpc.ts'
import { CallsId, SendCallsParams } from './sendCallsParams.ts'
import { type ApprovalRow, type FrameNetwork, type SigningRequest, UNKNOWN_ADDRESS } from './signing.ts'

/** How long one call of a batch may wait to be mined before the calls after it are given up. */
export const CALL_MINED_WAIT_MS = 120_000
/** How often the node is asked for a call's receipt while it waits. */
const RECEIPT_POLL_MS = 250
/** How many batches the frame remembers for wallet_getCallsStatus (the oldest are forgotten). */
export const REMEMBERED_BATCHES = 100

/** A batch the embedded EOA sent: its network, the hashes of the calls that went out, and whether the rest were given up. */
interface Batch {
  network: FrameNetwork
  hashes: Hex[]
  givenUp: boolean
}

const Receipt = v.object({
  transactionHash: v.string(),
  blockHash: v.string(),
  blockNumber: v.string(),
  gasUsed: v.string(),
  status: v.picklist(['0x0', '0x1']),
  logs: v.array(v.object({ address: v.string(), data: v.string(), topics: v.array(v.string()) })),
})
type Receipt = v.InferOutput<typeof Receipt>

/** The batches sent in this frame, by id (EIP-5792: the id is the wallet's own). */
const batches = new Map<Hex, Batch>()

const chainOf = (network: FrameNetwork) => Number(network.caipNetworkId.split(':')[1])
const hexChain = (network: FrameNetwork) => `0x${chainOf(network).toString(16)}` as Hex

const receiptOf = async (network: FrameNetwork, hash: Hex): Promise<Receipt | undefined> => {
  const receipt = await jsonRpc(network.rpcUrl, 'eth_getTransactionReceipt', [hash])
  return receipt === null ? undefined : v.parse(Receipt, receipt)
}

async function mined(network: FrameNetwork, hash: Hex): Promise<Receipt | undefined> {
  const deadline = Date.now() + CALL_MINED_WAIT_MS
  for (;;) {
    const receipt = await receiptOf(network, hash)
    if (receipt || Date.now() > deadline) return receipt
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
}

/**
 * EIP-5792 v2 status: 100 while a call is unmined; 200 when every call landed; 500 when
 * none landed (the first reverted, the rest given up); 600 when some landed and the others
 * reverted or were given up.
 */
function statusOf(batch: Batch, receipts: (Receipt | undefined)[]): 100 | 200 | 500 | 600 {
  if (receipts.some((receipt) => receipt === undefined)) return 100
  const landed = receipts.filter((receipt) => receipt?.status === '0x1').length
  if (landed === receipts.length && !batch.givenUp) return 200
  return landed === 0 ? 500 : 600
}

/**
 * wallet_sendCalls for the embedded EOA (no smart account on the network): EIP-5792 without
 * atomicity. ONE approval lists every call; Approve sends them one after another, each
 * completed from the node, checked (SPEC §5) and mined before the next is prepared (a call may
 * need the one before it, an approve before a swap). A call that cannot be sent or reverts
 * ends the batch; the id answers wallet_getCallsStatus.
 */
export function eoaCallsRequest(params: unknown, network: FrameNetwork, from: Hex): SigningRequest {
  const [request] = v.parse(SendCallsParams, params)
  if (request.from !== undefined && request.from.toLowerCase() !== from.toLowerCase()) throw new Error(UNKNOWN_ADDRESS)
  if (Number(request.chainId) !== chainOf(network)) throw new Error(ErrorText.UNSUPPORTED_CHAIN)
  if (request.atomicRequired) throw new Error(CallsErrorText.ATOMICITY_NOT_SUPPORTED)
  const symbol = nativeSymbol(chainOf(network))
  const warnings: string[] = []
  const callRows = request.calls.map((call, index): ApprovalRow => {
    const described = describeCall(call.data === undefined || call.data === '0x' ? undefined : call.data)
    warnings.push(...described.warnings)
    return {
      label: RowLabel.call(index + 1, request.calls.length),
      value: call.to,
      rows: [...described.rows, { label: RowLabel.VALUE, value: `${formatEther(BigInt(call.value ?? '0x0'))} ${symbol}` }],
    }
  })
  return {
    method: 'wallet_sendCalls',
    rows: [{ label: RowLabel.FROM, value: from }, ...callRows, { label: RowLabel.NETWORK, value: `${network.caipNetworkId} (chain ${chainOf(network)})` }],
    warnings,
    async perform(secret) {
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      const batch: Batch = { network, hashes: [], givenUp: false }
      for (const call of request.calls) {
        try {
          const transaction = await transactionRequest(network, from, { to: call.to, value: call.value as Hex | undefined, data: call.data })
          const hash = (await transaction.perform(secret)) as Hex
          batch.hashes.push(hash)
          if ((await mined(network, hash))?.status === '0x1') continue
        } catch (error) {
          // Nothing went out: the dapp hears why, as from eth_sendTransaction.
          if (batch.hashes.length === 0) throw error
        }
        batch.givenUp = batch.hashes.length < request.calls.length
        break
      }
      remember(id, batch)
      return { id }
    },
  }
}

const CapabilitiesParams = v.union([v.strictTuple([]), v.strictTuple([v.string()]), v.strictTuple([v.string(), v.array(v.string())])])

/** This network's capabilities when the account and chains asked for include it; anything else, none. */
function capabilities(params: unknown, network: FrameNetwork, address: string): Record<Hex, { atomic: { status: 'unsupported' } }> | Record<never, never> {
  const asked = v.safeParse(CapabilitiesParams, params ?? [])
  if (!asked.success) return {}
  const [account, chains] = asked.output
  if (account !== undefined && account.toLowerCase() !== address.toLowerCase()) return {}
  if (chains !== undefined && !chains.some((chain) => Number(chain) === chainOf(network))) return {}
  return { [hexChain(network)]: { atomic: { status: 'unsupported' } } }
}

function remember(id: Hex, batch: Batch) {
  batches.set(id, batch)
  if (batches.size > REMEMBERED_BATCHES) batches.delete(batches.keys().next().value!)
}

/**
 * The EIP-5792 reads for the embedded EOA: wallet_getCapabilities (atomic: unsupported; a
 * failure is no capabilities, `{}`), wallet_getCallsStatus (the v2 shape, its receipts read
 * from the node) and wallet_showCallsStatus (the frame has no view of its own: null).
 */
export async function eoaCallsRead(
  method: 'wallet_getCapabilities' | 'wallet_getCallsStatus' | 'wallet_showCallsStatus',
  params: unknown,
  network: FrameNetwork,
  address: string,
): Promise<{ result: unknown }> {
  if (method === 'wallet_getCapabilities') return { result: capabilities(params, network, address) }
  const [id] = v.parse(CallsId, params) as [Hex]
  const batch = batches.get(id)
  if (!batch) throw new Error(CallsErrorText.UNKNOWN_BUNDLE_ID)
  if (method === 'wallet_showCallsStatus') return { result: null }
  const receipts = await Promise.all(batch.hashes.map((hash) => receiptOf(batch.network, hash)))
  const status = statusOf(batch, receipts)
  return {
    result: {
      version: '2.0.0',
      id,
      chainId: hexChain(batch.network),
      atomic: false,
      status,
      ...(status === 100 ? {} : { receipts: receipts as Receipt[] }),
    },
  }
}
