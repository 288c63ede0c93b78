import { PorticoError } from '../../kernel/index.ts'

/** The catalogue text of a PorticoError (without its details), else the message. */
export function errorMessage(error: unknown): string {
  if (error instanceof PorticoError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
