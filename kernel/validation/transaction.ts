import * as v from 'valibot'
import { TransactionCheckError } from '../errors/transaction.ts'

/** The largest value a 256-bit fee field can hold: the cap when the integrator sets none. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** What a blob's versioned hash starts with: version 1, KZG commitments (EIP-4844). */
const BLOB_HASH_VERSION = 0x01
/** A storage key and a blob hash are both 32 bytes: 0x plus 64 hex digits. */
const BYTES_32 = 32

/** The transaction kinds, as EIP-2718 numbers them. */
export type TransactionType = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702'

/** The fields the checks read, with quantities as bigints (both the RPC and the frame's prepared form map to it). */
export interface CheckedTransaction {
  readonly type?: TransactionType
  readonly chainId?: number
  readonly from?: string
  readonly to?: string | null
  readonly gasPrice?: bigint
  readonly maxFeePerGas?: bigint
  readonly maxPriorityFeePerGas?: bigint
  readonly accessList?: readonly { readonly address: string; readonly storageKeys: readonly string[] }[]
  readonly blobVersionedHashes?: readonly string[]
}

export interface TransactionCheckOptions {
  /** The highest max fee per gas (wei) the integrator allows; the 256-bit maximum when unset. */
  readonly maxFeePerGasCap?: bigint
}

/* A transaction's address has its 0x (JSON-RPC needs it); any case, as SPEC §5 states for addresses. */
const isTransactionAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value)
const byteLength = (hex: string) => (/^0x(?:[0-9a-fA-F]{2})*$/.test(hex) ? (hex.length - 2) / 2 : undefined)
const inWei = (amount: bigint) => `${amount} wei`

/** The kind a transaction is: its `type`, or what its fields say (viem's rule), legacy when they say nothing. */
function kindOf(tx: CheckedTransaction): TransactionType {
  if (tx.type) return tx.type
  if (tx.blobVersionedHashes !== undefined) return 'eip4844'
  // A gas price makes it legacy or 2930 whatever else it carries: its fee-market fields are then refused.
  if (tx.gasPrice !== undefined) return tx.accessList !== undefined ? 'eip2930' : 'legacy'
  if (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined) return 'eip1559'
  return tx.accessList !== undefined ? 'eip2930' : 'legacy'
}

function checkAddresses(tx: CheckedTransaction): void {
  const named: [string, string | null | undefined][] = [
    ['from', tx.from],
    ['to', tx.to],
    ...(tx.accessList ?? []).map((entry, index): [string, string] => [`accessList[${index}].address`, entry.address]),
  ]
  for (const [field, address] of named) {
    if (typeof address === 'string' && !isTransactionAddress(address)) throw new TransactionCheckError('ADDRESS', `${field}: ${address}`)
  }
}

function checkFees(tx: CheckedTransaction, kind: TransactionType, cap: bigint): void {
  const feeMarket = tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined
  if ((kind === 'legacy' || kind === 'eip2930') && feeMarket) {
    throw new TransactionCheckError('FEE_MARKET_FIELDS', `a ${kind} transaction has maxFeePerGas or maxPriorityFeePerGas`)
  }
  const highest = tx.maxFeePerGas ?? tx.gasPrice
  if (highest !== undefined && highest > cap) throw new TransactionCheckError('FEE_CAP', `${inWei(highest)} is above the cap of ${inWei(cap)}`)
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined && tx.maxPriorityFeePerGas > tx.maxFeePerGas) {
    throw new TransactionCheckError('TIP_ABOVE_FEE_CAP', `maxPriorityFeePerGas ${inWei(tx.maxPriorityFeePerGas)} is above maxFeePerGas ${inWei(tx.maxFeePerGas)}`)
  }
}

function checkAccessList(tx: CheckedTransaction): void {
  for (const [index, entry] of (tx.accessList ?? []).entries()) {
    for (const key of entry.storageKeys) {
      if (byteLength(key) !== BYTES_32) throw new TransactionCheckError('STORAGE_KEY_SIZE', `accessList[${index}]: ${key}`)
    }
  }
}

function checkBlobs(tx: CheckedTransaction, kind: TransactionType): void {
  if (kind !== 'eip4844') return
  const hashes = tx.blobVersionedHashes ?? []
  if (hashes.length === 0) throw new TransactionCheckError('BLOB_HASHES_EMPTY', 'blobVersionedHashes is empty')
  for (const hash of hashes) {
    if (byteLength(hash) !== BYTES_32) throw new TransactionCheckError('BLOB_HASH_SIZE', hash)
    const version = Number.parseInt(hash.slice(2, 4), 16)
    if (version !== BLOB_HASH_VERSION) throw new TransactionCheckError('BLOB_HASH_VERSION', `version ${version} in ${hash}`)
  }
}

/**
 * The serialization checks of SPEC §5, run wherever a transaction is built or signed
 * (`kit.request`, Send, Swap, the frame before its key signs): chain id above zero, valid
 * addresses, max fee at most the cap, priority fee at most the max fee, storage keys of 32
 * bytes, blob hashes present with the right size and version, and no fee-market fields on
 * legacy and EIP-2930 transactions. Throws a TransactionCheckError naming the first refusal.
 *
 * @example
 * checkTransaction({ chainId: 1, to: '0x…', maxFeePerGas: 10n ** 12n }, { maxFeePerGasCap: 500n * 10n ** 9n }) // throws FEE_CAP
 */
export function checkTransaction(tx: CheckedTransaction, options: TransactionCheckOptions = {}): void {
  if (tx.chainId !== undefined && !(tx.chainId > 0)) throw new TransactionCheckError('CHAIN_ID', `chainId ${tx.chainId}`)
  checkAddresses(tx)
  const kind = kindOf(tx)
  checkFees(tx, kind, options.maxFeePerGasCap ?? MAX_UINT256)
  checkAccessList(tx)
  checkBlobs(tx, kind)
}

const Quantity = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]+$/, 'must be a hex quantity'),
  v.transform((hex) => BigInt(hex)),
)
const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'must be hex'))
const TYPES: Record<string, TransactionType> = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559', '0x3': 'eip4844', '0x4': 'eip7702' }

/* Only the fields the checks read; the wallet validates the rest of the request itself. */
const RpcTransactionSchema = v.object({
  type: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(Object.keys(TYPES), 'must be 0x0 to 0x4'),
      v.transform((type) => TYPES[type]!),
    ),
  ),
  chainId: v.optional(v.pipe(Quantity, v.transform(Number))),
  from: v.optional(v.string()),
  to: v.optional(v.nullable(v.string())),
  gasPrice: v.optional(Quantity),
  maxFeePerGas: v.optional(Quantity),
  maxPriorityFeePerGas: v.optional(Quantity),
  accessList: v.optional(v.array(v.object({ address: v.string(), storageKeys: v.array(Hex) }))),
  blobVersionedHashes: v.optional(v.array(Hex)),
})

/**
 * Checks the transaction of an `eth_sendTransaction` or `eth_signTransaction` request (its
 * first param, in JSON-RPC form); a malformed one is refused the same way.
 */
export function checkRpcTransaction(params: unknown, options: TransactionCheckOptions = {}): void {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  const parsed = v.safeParse(RpcTransactionSchema, first)
  if (!parsed.success) {
    const [issue] = parsed.issues
    throw new TransactionCheckError('MALFORMED', `${v.getDotPath(issue) ?? 'params[0]'}: ${issue.message}`)
  }
  checkTransaction(parsed.output as CheckedTransaction, options)
}
