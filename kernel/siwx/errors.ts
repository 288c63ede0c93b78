import { PorticoError } from '../errors/base.ts'

export const SiwxMessageErrorText = {
  INVALID_FIELDS: 'Invalid SIWX message fields',
  INVALID_TEXT: 'Invalid SIWX message text',
} as const

/** Thrown by formatSiwxMessage and parseSiwxMessage; `details` says which field or line is wrong. */
export class SiwxMessageError extends PorticoError {
  override name = 'SiwxMessageError'
}
