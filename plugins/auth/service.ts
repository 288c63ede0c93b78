/** The AUTH connector's id; the manifest repeats it as a literal (it imports nothing of the body). */
export const AUTH_CONNECTOR_ID = 'auth'

/** The namespaces the secure frame holds keys for. */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const
export type AuthNamespace = (typeof AUTH_NAMESPACES)[number]
