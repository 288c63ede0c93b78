/**
 * Sign-in-with-a-wallet messages: their fields, schema, text and parsing, shared by
 * the siwx plugin and the siwx server. Its own entry, not re-exported by
 * kernel/index.ts: it brings viem's SIWE code, which has no place on the first screen.
 */
export { type SiwxMessage, type SiwxNamespace, SiwxMessageSchema, SIWX_ACCOUNT_NAMES, siwxNamespace } from './message.ts'
export { SiwxMessageError, SiwxMessageErrorText } from './errors.ts'
export { formatSiwxMessage } from './format.ts'
export { parseSiwxMessage } from './parse.ts'
