import type { SiwxMessage } from '../../../protocol/siwx/message.ts'

export interface MessageOptions {
  /** One line shown to the visitor in the message and in the view. */
  readonly statement?: string
  /** True when the app may not be used connected without a sign-in. */
  readonly required?: boolean
}

/**
 * A message for this page: the page's host as domain and its origin as uri, which is
 * what a server checks them against; issued now.
 */
export function pageMessage(input: { accountAddress: string; chainId: string }, nonce: string, options: MessageOptions & { expiresAt?: Date }, now = new Date()): SiwxMessage {
  return {
    domain: globalThis.location.host,
    uri: globalThis.location.origin,
    version: '1',
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    nonce,
    issuedAt: now.toISOString(),
    ...(options.expiresAt ? { expirationTime: options.expiresAt.toISOString() } : {}),
    ...(options.statement ? { statement: options.statement } : {}),
  }
}

/** The same account: eip155 addresses compare without their checksum case, others exactly. */
export function sameAccount(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}
