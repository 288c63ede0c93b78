import { PorticoError } from '../errors/base.ts'
import { WalletErrorCode } from '../errors/catalogue.ts'
import { type WalletErrorFields, walletErrorFields } from './walletErrorFields.ts'

/** EIP-1193 "User Rejected Request"; Wallet Standard wallets use it too. */
export const USER_REJECTED_CODE = 4001

/** The texts of wallet errors every namespace shares; a plugin adds its own beside them. */
export const WalletErrorText = {
  USER_REJECTED: 'The request was rejected in the wallet',
  WALLET_ERROR: 'The wallet could not complete the request',
  INVALID_ANSWER: 'The wallet returned an invalid answer',
  UNSUPPORTED_FEATURE: 'The wallet does not support this request',
  NO_ACCOUNTS: 'The wallet returned no accounts',
} as const

/**
 * A wallet refused or failed a request. `method` is what was asked of it (an
 * EIP-1193 method, a Wallet Standard feature, an extension call); `code` is the
 * wallet's code (4001 rejected, 4902 unknown chain, …) so a view can tell a
 * refusal from a fault.
 *
 * @example
 * if (error instanceof WalletError && error.code === USER_REJECTED_CODE) showDeclined()
 */
export class WalletError extends PorticoError {
  override name = 'WalletError'
  readonly code: number | undefined
  readonly method: string

  constructor(shortMessage: string, options: { method: string; code?: number; details?: string; cause?: unknown }) {
    super(shortMessage, { details: options.details ?? options.method, cause: options.cause })
    this.code = options.code
    this.method = options.method
  }
}

/**
 * How wallets without codes say the visitor declined: "User rejected the request",
 * polkadot{.js} "Rejected by user", Talisman "Cancelled", Xverse "User canceled",
 * an extension that blocked the site "… is not allowed to interact …".
 */
const REFUSAL_IN_WORDS = /reject|cancel|denied|declined|not allowed/i

/**
 * A refusal is code 4001 (also when nested). Words count only when the wallet
 * gave no code at all: a wallet that sends a code has said what happened, so a
 * coded fault whose text mentions "cancel" (a timed-out request) stays a fault.
 */
function refused({ codes, message }: WalletErrorFields): boolean {
  if (codes.length > 0) return codes.includes(USER_REJECTED_CODE)
  return REFUSAL_IN_WORDS.test(message ?? '')
}

/** Every code of a wallet error, read through our own WalletError to the wallet's error it wraps. */
export function walletErrorCodes(error: unknown): number[] {
  if (error instanceof WalletError) {
    return [...(error.code === undefined ? [] : [error.code]), ...walletErrorCodes(error.cause)]
  }
  return [...walletErrorFields(error).codes]
}

/** Whether the visitor declined: our WalletError says so by its code, a wallet's raw error by its code or words. */
export function isUserRejection(error: unknown): boolean {
  return error instanceof WalletError ? error.code === USER_REJECTED_CODE : refused(walletErrorFields(error))
}

/**
 * The codes that mean the wallet does not have the chain, so it may be added (SPEC §8): EIP-1193
 * 4902, also nested in a -32603; the default 5000; and 32603, invalid chain id, on its own.
 */
const CHAIN_MISSING_CODES: readonly number[] = [WalletErrorCode.UNRECOGNIZED_CHAIN, WalletErrorCode.DEFAULT, WalletErrorCode.INVALID_CHAIN_ID]

/** Whether a wallet's error says it does not have the chain (so it may be added). */
export const isUnrecognizedChain = (error: unknown): boolean => walletErrorCodes(error).some((code) => CHAIN_MISSING_CODES.includes(code))

/**
 * Whatever a wallet threw, as a WalletError: USER_REJECTED (code 4001) for a
 * refusal, else WALLET_ERROR with the wallet's code and its capped message.
 */
export function toWalletError(error: unknown, method: string): WalletError {
  if (error instanceof WalletError) return error
  const fields = walletErrorFields(error)
  if (refused(fields)) return new WalletError(WalletErrorText.USER_REJECTED, { method, code: USER_REJECTED_CODE, cause: error })
  return new WalletError(WalletErrorText.WALLET_ERROR, {
    method,
    code: fields.code,
    details: fields.message ? `${method}: ${fields.message}` : method,
    cause: error,
  })
}

/** A wallet answer that failed its schema; `issue` says what was wrong. */
export const invalidAnswer = (method: string, issue?: string): WalletError =>
  new WalletError(WalletErrorText.INVALID_ANSWER, { method, details: issue ? `${method}: ${issue}` : method })
