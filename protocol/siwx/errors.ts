import { PorticoError } from '../error.ts'

export const SiwxMessageErrorText = {
  INVALID_FIELDS: 'Invalid SIWX message fields',
  INVALID_TEXT: 'Invalid SIWX message text',
  /** Every field reads, but the text is not the one they make: it was edited after it was written. */
  ALTERED_TEXT: 'SIWX message text is not the text of its fields',
} as const

/** Thrown by formatSiwxMessage and parseSiwxMessage; `details` says which field or line is wrong. */
export class SiwxMessageError extends PorticoError {
  override name = 'SiwxMessageError'
}
