import { PorticoError } from '../../../kernel/index.ts'

/** What went wrong with a sign-in, in words a visitor can read; `reason` is the code to branch on. */
export class SiwxError extends PorticoError {
  override name = 'SiwxError'
  /** The server's refusal code (BAD_SIGNATURE, NONCE_REPLAYED, ...) or UNREACHABLE, BAD_RESPONSE, NOT_VERIFIED. */
  readonly reason: string

  constructor(shortMessage: string, reason: string, options: { details?: string; cause?: unknown } = {}) {
    super(shortMessage, options)
    this.reason = reason
  }
}

export const SiwxErrorText = {
  UNREACHABLE: 'The sign-in server could not be reached',
  BAD_RESPONSE: 'The sign-in server gave an answer that could not be read',
  REFUSED: 'The sign-in was refused',
  BAD_SIGNATURE: 'The wallet gave no usable signature',
} as const
