/** What can safely be read off whatever a wallet threw. */
export interface WalletErrorFields {
  /** The wallet's code: its own, else the one nested in `data.originalError`. */
  readonly code: number | undefined
  /**
   * Every code it carries, its own first. MetaMask Mobile and some WalletConnect
   * wallets wrap the real code in `data.originalError.code` (a -32603 around a 4902).
   */
  readonly codes: readonly number[]
  /** The wallet's own message (a thrown string is one), capped so a hostile wallet cannot flood the UI or logs. */
  readonly message: string | undefined
}

const MAX_MESSAGE_LENGTH = 500

const read = (value: unknown, key: string): unknown => {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  } catch {
    // A wallet may throw a Proxy or an object with throwing getters.
    return undefined
  }
}

/** Reads codes and message from a wallet's error without trusting its shape. */
export function walletErrorFields(error: unknown): WalletErrorFields {
  const codes = [read(error, 'code'), read(read(read(error, 'data'), 'originalError'), 'code')].filter((code): code is number => typeof code === 'number')
  const message = typeof error === 'string' ? error : read(error, 'message')
  return {
    code: codes[0],
    codes,
    message: typeof message === 'string' ? message.slice(0, MAX_MESSAGE_LENGTH) : undefined,
  }
}
