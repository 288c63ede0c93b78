import { PorticoError, walletErrorFields } from '../../../kernel/index.ts'

export const USER_REJECTED_CODE = 4001

/** Short messages of the bip122 adapter's own errors. */
export const BitcoinErrorText = {
  USER_REJECTED: 'The request was rejected in the wallet',
  NO_WALLET: 'The connector has no Bitcoin wallet',
  NO_ACCOUNTS: 'The wallet returned no accounts',
  NOT_CONNECTED: 'No Bitcoin account is connected',
  INVALID_ANSWER: 'The wallet returned an invalid answer',
  WALLET_ERROR: 'The wallet could not complete the request',
  UNSUPPORTED_FEATURE: 'The wallet does not support this request',
  INVALID_PARAMS: 'Invalid request parameters',
} as const

/**
 * A Bitcoin wallet refused or failed a request; `feature` names the Wallet
 * Standard feature (or bip122 method).
 */
export class BitcoinWalletError extends PorticoError {
  override name = 'BitcoinWalletError'
  readonly feature: string
  readonly code: number | undefined

  constructor(shortMessage: string, options: { feature: string; code?: number; details?: string; cause?: unknown }) {
    super(shortMessage, { details: options.details ?? options.feature, cause: options.cause })
    this.feature = options.feature
    this.code = options.code
  }
}

export function toWalletError(error: unknown, feature: string): BitcoinWalletError {
  if (error instanceof BitcoinWalletError) return error
  const { code, message } = walletErrorFields(error)
  if (code === USER_REJECTED_CODE || (code === undefined && /user rejected|cancel/i.test(message ?? ''))) {
    return new BitcoinWalletError(BitcoinErrorText.USER_REJECTED, { feature, code: USER_REJECTED_CODE, cause: error })
  }
  return new BitcoinWalletError(BitcoinErrorText.WALLET_ERROR, { feature, code, details: message ? `${feature}: ${message}` : feature, cause: error })
}
