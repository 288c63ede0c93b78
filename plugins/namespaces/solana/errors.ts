import { PorticoError, walletErrorFields } from '../../../kernel/index.ts'

/** Wallet Standard / EIP-1193 style "User Rejected Request". */
export const USER_REJECTED_CODE = 4001

/** Short messages of the solana adapter's own errors. */
export const SolanaErrorText = {
  USER_REJECTED: 'The request was rejected in the wallet',
  NO_WALLET: 'The connector has no Solana wallet',
  NO_ACCOUNTS: 'The wallet returned no accounts',
  NOT_CONNECTED: 'No Solana account is connected',
  INVALID_ANSWER: 'The wallet returned an invalid answer',
  WALLET_ERROR: 'The wallet could not complete the request',
  UNSUPPORTED_FEATURE: 'The wallet does not support this request',
  INVALID_ADDRESS: 'Not a Solana address',
  INVALID_OPTIONS: 'Invalid Solana send options',
  INVALID_TRANSACTION: 'Not a Solana transaction',
} as const

export type SolanaWalletErrorType = SolanaWalletError & { name: 'SolanaWalletError' }

/**
 * A Solana wallet refused or failed a request. `feature` names the Wallet
 * Standard feature (or legacy method); `code` is the wallet's code when it gave one.
 *
 * @example
 * if (error instanceof SolanaWalletError && error.code === USER_REJECTED_CODE) showDeclined()
 */
export class SolanaWalletError extends PorticoError {
  override name = 'SolanaWalletError'
  readonly feature: string
  readonly code: number | undefined

  constructor(shortMessage: string, options: { feature: string; code?: number; details?: string; cause?: unknown }) {
    super(shortMessage, { details: options.details ?? options.feature, cause: options.cause })
    this.feature = options.feature
    this.code = options.code
  }
}

/** Whatever a wallet threw, as a SolanaWalletError ("rejected" for code 4001 or a rejection message). */
export function toWalletError(error: unknown, feature: string): SolanaWalletError {
  if (error instanceof SolanaWalletError) return error
  const { code, message } = walletErrorFields(error)
  // Wallets without codes (many Solana ones) still say "rejected" in words.
  if (code === USER_REJECTED_CODE || (code === undefined && /user rejected/i.test(message ?? ''))) {
    return new SolanaWalletError(SolanaErrorText.USER_REJECTED, { feature, code: USER_REJECTED_CODE, cause: error })
  }
  return new SolanaWalletError(SolanaErrorText.WALLET_ERROR, {
    feature,
    code,
    details: message ? `${feature}: ${message}` : feature,
    cause: error,
  })
}

export const invalidAnswer = (feature: string, issue?: string) =>
  new SolanaWalletError(SolanaErrorText.INVALID_ANSWER, { feature, details: issue ? `${feature}: ${issue}` : feature })
