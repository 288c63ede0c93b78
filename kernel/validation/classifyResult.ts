/** What an RPC or wallet result is, by its shape. */
export type ResultKind = 'transactionHash' | 'signedMessage' | 'object'

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/** 0x plus exactly 64 hex characters. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/**
 * 0x plus at least 62 hex characters. A transaction hash matches too;
 * `classifyResult` tests for the hash first.
 */
function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/**
 * A string result is a transaction hash if it is 0x plus 64 hex
 * characters, a signed message if it is 0x plus at least 62 hex characters, and
 * otherwise (any other string, or not a string) an object.
 *
 * @example
 * classifyResult(`0x${'ab'.repeat(32)}`) // 'transactionHash'
 * classifyResult(`0x${'ab'.repeat(65)}`) // 'signedMessage' (a 65-byte signature)
 * classifyResult({ id: 'batch' }) // 'object'
 */
export function classifyResult(result: unknown): ResultKind {
  if (isTransactionHash(result)) return 'transactionHash'
  if (isSignedMessage(result)) return 'signedMessage'
  return 'object'
}
