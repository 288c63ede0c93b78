import { PorticoError } from '../errors/base.ts'
import { SIGNATURE_DECLINED } from '../errors/firstScreenTexts.ts'

/**
 * Requests waiting for the visitor (an auth request, a signature). Closing the
 * modal rejects them unless a transaction is pending.
 */
export interface PendingRequests {
  /** Tracks a request; returns a function to call when it settles on its own. */
  add(reject: (reason: Error) => void): () => void
  readonly size: number
  setTransactionPending(pending: boolean): void
  readonly transactionPending: boolean
  rejectAll(reason?: Error): void
}

export function createPendingRequests(): PendingRequests {
  const rejecters = new Set<(reason: Error) => void>()
  let transactionPending = false
  return {
    add(reject) {
      rejecters.add(reject)
      return () => rejecters.delete(reject)
    },
    get size() {
      return rejecters.size
    },
    setTransactionPending(pending) {
      transactionPending = pending
    },
    get transactionPending() {
      return transactionPending
    },
    rejectAll(reason = new PorticoError(SIGNATURE_DECLINED, { details: 'the modal was closed' })) {
      const all = [...rejecters]
      rejecters.clear()
      all.forEach((reject) => reject(reason))
    },
  }
}
