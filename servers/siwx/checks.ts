import { type SiwxMessage, siwxNamespace } from '../../protocol/siwx/index.ts'
import { type Refused, refuse } from './types.ts'

/** What a message must fit, from the server's options. */
export interface MessageRules {
  domains: ReadonlySet<string>
  uriOrigins: ReadonlySet<string>
  evmChains: ReadonlySet<string>
  solanaChains: ReadonlySet<string>
  nonceTtlMs: number
  clockSkewMs: number
}

/**
 * The checks that need neither the database nor the chain: the message is for this
 * server's chains, domain and origin, and is valid now. Undefined when it passes.
 */
export function checkMessage(message: SiwxMessage, rules: MessageRules, now: Date): Refused | undefined {
  const namespace = siwxNamespace(message.chainId)
  if (namespace === 'bip122') return refuse('UNSUPPORTED_CHAIN', 'Bitcoin sign-in messages are not verified by this server')
  const chains = namespace === 'eip155' ? rules.evmChains : rules.solanaChains
  if (!chains.has(message.chainId)) return refuse('WRONG_CHAIN', `${message.chainId} is not a chain this server accepts`)
  if (!rules.domains.has(message.domain.toLowerCase())) return refuse('WRONG_DOMAIN', `${message.domain} is not a domain this server accepts`)
  const origin = uriOrigin(message.uri)
  if (origin === undefined || !rules.uriOrigins.has(origin)) return refuse('WRONG_URI', `${message.uri} is not on an origin this server accepts`)
  const time = now.getTime()
  const at = (value: string) => new Date(value).getTime()
  if (message.expirationTime !== undefined && time >= at(message.expirationTime)) {
    return refuse('EXPIRED', `the message expired at ${message.expirationTime}`)
  }
  if (message.notBefore !== undefined && time < at(message.notBefore)) return refuse('NOT_YET_VALID', `the message is valid from ${message.notBefore}`)
  if (at(message.issuedAt) > time + rules.clockSkewMs) return refuse('NOT_YET_VALID', `the message is issued in the future (${message.issuedAt})`)
  // No nonce lives longer than this, so neither can a message waiting for its check.
  if (at(message.issuedAt) < time - rules.nonceTtlMs - rules.clockSkewMs) return refuse('EXPIRED', `the message was issued too long ago (${message.issuedAt})`)
  return undefined
}

/** scheme://host[:port] in lower case, or undefined for a URI without an origin (ipfs:, urn:). */
export function uriOrigin(uri: string): string | undefined {
  try {
    const origin = new URL(uri).origin
    return origin === 'null' ? undefined : origin.toLowerCase()
  } catch {
    return undefined
  }
}
