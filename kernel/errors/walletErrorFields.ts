/** What can safely be read off whatever a wallet threw. */
export interface WalletErrorFields {
  readonly code: number | undefined
  /** The wallet's own message, capped so a hostile wallet cannot flood the UI or logs. */
  readonly message: string | undefined
}

const MAX_MESSAGE_LENGTH = 500

const read = (value: unknown, key: 'code' | 'message'): unknown => {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  } catch {
    // A wallet may throw a Proxy or an object with throwing getters.
    return undefined
  }
}

/** Reads `code` and `message` from a wallet's error without trusting its shape. */
export function walletErrorFields(error: unknown): WalletErrorFields {
  const code = read(error, 'code')
  const message = read(error, 'message')
  return {
    code: typeof code === 'number' ? code : undefined,
    message: typeof message === 'string' ? message.slice(0, MAX_MESSAGE_LENGTH) : undefined,
  }
}
