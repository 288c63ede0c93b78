import { createHash, randomBytes } from 'node:crypto'

/** A session token: 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** What the database keeps instead of the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

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

export interface CookieSettings {
  name: string
  secure: boolean
}

// HttpOnly keeps it from page scripts; SameSite=Lax keeps other sites' forms from signing the visitor out or in.
const attributes = (settings: CookieSettings) => `; Path=/; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`

export const sessionCookie = (settings: CookieSettings, token: string, maxAgeSeconds: number) =>
  `${settings.name}=${token}; Max-Age=${maxAgeSeconds}${attributes(settings)}`

export const clearingCookie = (settings: CookieSettings) => `${settings.name}=; Max-Age=0${attributes(settings)}`
