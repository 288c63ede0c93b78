import type { SwapQuote } from './provider.ts'
import type { SwapOption } from './tokens.ts'

/** What the form says when it offers no swap. */
export const SwapsText = {
  INVALID_ARGUMENTS: 'Invalid swap arguments',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  QUOTE_FAILED: 'The quote could not be read',
} as const

export interface SwapState {
  readonly fromKey?: string
  readonly toKey?: string
  readonly amount: string
  /** Tokens read on chain because the swap arguments named them and the portfolio did not. */
  readonly extra: readonly SwapOption[]
  readonly quote?: SwapQuote
  /** The router must be approved for the from-token before this quote can be swapped. */
  readonly needsApproval: boolean
  readonly quoting: boolean
  readonly noPool: boolean
  readonly error?: string
  /** The step the wallet is asked for. */
  readonly step?: 'approve' | 'swap'
}

export const INITIAL_SWAP_STATE: SwapState = { amount: '', extra: [], needsApproval: false, quoting: false, noPool: false }
