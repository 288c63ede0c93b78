import { PorticoError } from './base.ts'

/**
 * The transaction serialization checks' refusals (SPEC §5): the typed error's short
 * message, and the snack the visitor sees.
 */
export const TransactionCheckText = {
  MALFORMED: 'The transaction is not well formed',
  CHAIN_ID: 'The transaction needs a chain id above zero',
  ADDRESS: 'The transaction contains an invalid address',
  FEE_CAP: 'The transaction’s max fee is above the limit this app allows',
  TIP_ABOVE_FEE_CAP: 'The transaction’s priority fee is above its max fee',
  STORAGE_KEY_SIZE: 'A storage key of the transaction is not 32 bytes long',
  BLOB_HASHES_EMPTY: 'The blob transaction has no blob hashes',
  BLOB_HASH_SIZE: 'A blob hash of the transaction is not 32 bytes long',
  BLOB_HASH_VERSION: 'A blob hash of the transaction has the wrong version',
  FEE_MARKET_FIELDS: 'A legacy or EIP-2930 transaction cannot have max fee fields',
} as const
export type TransactionCheckReason = keyof typeof TransactionCheckText

/**
 * A transaction refused by the serialization checks (SPEC §5) before it reached a wallet
 * or a key. `reason` says which check; `shortMessage` is its catalogue text, the snack the
 * visitor sees; `details` names the field and the figures.
 *
 * @example
 * try { await kit.request({ method: 'eth_sendTransaction', params: [tx] }) }
 * catch (error) { if (error instanceof TransactionCheckError && error.reason === 'FEE_CAP') … }
 */
export class TransactionCheckError extends PorticoError {
  override name = 'TransactionCheckError'
  readonly reason: TransactionCheckReason

  constructor(reason: TransactionCheckReason, details: string) {
    super(TransactionCheckText[reason], { details, docsPath: '/docs/transactions.md' })
    this.reason = reason
  }
}

export type TransactionCheckErrorType = TransactionCheckError & { name: 'TransactionCheckError' }

const DETAILS = '\n\nDetails: '
const REASONS = Object.entries(TransactionCheckText) as [TransactionCheckReason, string][]

/**
 * The refusal an error carries: a TransactionCheckError anywhere in its cause chain, or one
 * the embedded wallet's frame reported (its replies carry the message only: it is rebuilt).
 */
export function transactionRefusal(error: unknown): TransactionCheckError | undefined {
  if (!(error instanceof PorticoError)) return undefined
  const typed = error.walk((inner) => inner instanceof TransactionCheckError)
  if (typed) return typed as TransactionCheckError
  const [text = '', ...details] = error.shortMessage.split(DETAILS)
  const reason = REASONS.find(([, known]) => known === text)?.[0]
  return reason ? new TransactionCheckError(reason, details.join(DETAILS)) : undefined
}
