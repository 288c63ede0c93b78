import { PorticoError } from '../../kernel/errors/base.ts'

/**
 * Portico's own texts for the Blockchain API client (the spec's snack texts, such
 * as 'Token Balance Unavailable', stay in kernel/errors/catalogue.ts).
 */
export const BlockchainApiErrorText = {
  /** An answer that does not pass its schema, or is not JSON. */
  MALFORMED_ANSWER: 'The Blockchain API sent an answer Portico cannot read',
  /** Asked of an implementation whose `capabilities` say it cannot answer. */
  NOT_SUPPORTED: 'The Blockchain API in use cannot answer this',
} as const

/** The error for an answer that failed its schema: `what` names the call, `issue` the first problem. */
export const malformedAnswer = (what: string, issue: string, cause?: unknown) => new PorticoError(BlockchainApiErrorText.MALFORMED_ANSWER, { details: `${what}: ${issue}`, cause })
