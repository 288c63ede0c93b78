import { ErrorText, PorticoError, WalletErrorCode } from '../../../kernel/index.ts'

/** EIP-1193 "User Rejected Request". */
export const USER_REJECTED_CODE = 4001

/** Short messages of the eip155 adapter's own errors. */
export const WalletErrorText = {
  USER_REJECTED: 'The request was rejected in the wallet',
  NO_PROVIDER: 'The wallet has no EIP-1193 provider',
  NO_ACCOUNTS: 'The wallet returned no accounts',
  INVALID_ANSWER: 'The wallet returned an invalid answer',
  WALLET_ERROR: 'The wallet could not complete the request',
  INVALID_ADDRESS: 'Not an EVM address',
} as const

export type WalletRequestErrorType = WalletRequestError & { name: 'WalletRequestError' }

/**
 * A wallet refused or failed a request. `code` is the wallet's EIP-1193 code
 * (4001 rejected, 4902 unknown chain, …) so views can tell a refusal from a fault.
 *
 * @example
 * if (error instanceof WalletRequestError && error.code === USER_REJECTED_CODE) showDeclined()
 */
export class WalletRequestError extends PorticoError {
  override name = 'WalletRequestError'
  readonly code: number | undefined
  readonly method: string

  constructor(shortMessage: string, options: { method: string; code?: number; details?: string; cause?: unknown }) {
    super(shortMessage, { details: options.details ?? options.method, cause: options.cause })
    this.code = options.code
    this.method = options.method
  }
}

type ErrorLike = { code?: unknown; message?: unknown; data?: unknown }

const asObject = (value: unknown): ErrorLike | undefined => {
  try {
    return typeof value === 'object' && value !== null ? (value as ErrorLike) : undefined
  } catch {
    return undefined
  }
}

/**
 * The EIP-1193 code of a wallet error. MetaMask Mobile and some WalletConnect
 * wallets put the real code in `data.originalError.code`, so that is read too.
 */
export function walletErrorCodes(error: unknown): number[] {
  // Our own wrapper keeps the wallet's error as its cause: read through it.
  if (error instanceof WalletRequestError) {
    return [...(error.code === undefined ? [] : [error.code]), ...walletErrorCodes(error.cause)]
  }
  const codes: number[] = []
  try {
    const outer = asObject(error)
    const data = asObject(outer?.data) as { originalError?: unknown } | undefined
    const original = asObject(data?.originalError)
    for (const code of [outer?.code, original?.code]) if (typeof code === 'number') codes.push(code)
  } catch {
    // A hostile getter is not a code.
  }
  return codes
}

export const isUserRejection = (error: unknown) => walletErrorCodes(error).includes(USER_REJECTED_CODE)
export const isUnrecognizedChain = (error: unknown) =>
  walletErrorCodes(error).includes(WalletErrorCode.UNRECOGNIZED_CHAIN)

/** Wraps whatever a wallet threw into a WalletRequestError with a clear message. */
export function toWalletError(error: unknown, method: string): WalletRequestError {
  if (error instanceof WalletRequestError) return error
  const code = walletErrorCodes(error)[0]
  if (isUserRejection(error)) {
    return new WalletRequestError(WalletErrorText.USER_REJECTED, { method, code: USER_REJECTED_CODE, cause: error })
  }
  let message: string | undefined
  try {
    const raw = asObject(error)?.message
    message = typeof raw === 'string' ? raw.slice(0, 500) : undefined
  } catch {
    message = undefined
  }
  return new WalletRequestError(WalletErrorText.WALLET_ERROR, {
    method,
    code,
    details: message ? `${method}: ${message}` : method,
    cause: error,
  })
}

/**
 * SPEC §8 'Chain is not supported': the wallet would not add the chain. A
 * refusal by the visitor stays a refusal.
 */
export function chainNotSupported(error: WalletRequestError, chainName: string): WalletRequestError {
  if (error.code === USER_REJECTED_CODE) return error
  return new WalletRequestError(ErrorText.CHAIN_NOT_SUPPORTED, {
    method: 'wallet_addEthereumChain',
    code: error.code,
    details: `${chainName}: ${error.details ?? ''}`,
    cause: error.cause,
  })
}
