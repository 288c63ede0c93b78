/**
 * What each sealed column is bound to (AES-GCM associated data): a blob moved to another row
 * does not open. One place, for the routes that seal and open and for the re-seal job.
 */

/** A key share, bound to its user, device and namespace. */
export const shareContext = (kind: 'auth' | 'recovery', userId: string, deviceId: string, namespace: string) => `${kind}|${userId}|${deviceId}|${namespace}`

/** A social login's provider answer and its PKCE verifier, bound to the login's row. */
export const claimsContext = (id: string) => `social-claims:${id}`
export const verifierContext = (id: string) => `social-verifier:${id}`
