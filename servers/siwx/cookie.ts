import { createHash, randomBytes } from 'node:crypto'

/** A session or nonce token: 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** What the database keeps instead of the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The nonce a nonce cookie's token stands for: the first 128 bits of its hash, in hex (letters and
 * digits, as the message's Nonce line requires). The nonce is public (it is in the signed
 * message); the token is only in the cookie of the browser it was handed to, so a nonce is
 * only good together with that browser's cookie.
 */
export const nonceOf = (token: string) => tokenHash(token).slice(0, 32)

/** The token a Cookie header holds under `name`, or undefined (no header, no such cookie, not a token). */
export function readToken(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== name) continue
    const value = part.slice(at + 1).trim()
    if (TOKEN.test(value)) return value
  }
  return undefined
}

/** The two cookies' names and whether they are Secure, from the server's options. */
export interface CookieSettings {
  /** The session cookie's name as set: `__Host-` + the configured name when secure. */
  session: string
  /** The nonce cookie's: the session's name + `_nonce`. */
  nonce: string
  secure: boolean
}

/**
 * `__Host-` binds a cookie to this exact host (Secure, Path=/, no Domain): a sibling subdomain
 * cannot plant a nonce or session cookie of its own. Browsers take the prefix only on Secure
 * cookies, so a server told `secure: false` (plain http) sets the bare names.
 */
export function cookieSettings(name: string, secure: boolean): CookieSettings {
  const session = secure ? `__Host-${name}` : name
  return { session, nonce: `${session}_nonce`, secure }
}

// HttpOnly keeps them from page scripts. SameSite=Lax keeps other sites' forms from signing the
// visitor out; the nonce cookie is Strict: only the app's own pages ask for a sign-in.
const attributes = (settings: CookieSettings, sameSite: 'Lax' | 'Strict') => `; Path=/; HttpOnly; SameSite=${sameSite}${settings.secure ? '; Secure' : ''}`

export const sessionCookie = (settings: CookieSettings, token: string, maxAgeSeconds: number) =>
  `${settings.session}=${token}; Max-Age=${maxAgeSeconds}${attributes(settings, 'Lax')}`

export const clearingCookie = (settings: CookieSettings) => `${settings.session}=; Max-Age=0${attributes(settings, 'Lax')}`

export const nonceCookie = (settings: CookieSettings, token: string, maxAgeSeconds: number) =>
  `${settings.nonce}=${token}; Max-Age=${maxAgeSeconds}${attributes(settings, 'Strict')}`
