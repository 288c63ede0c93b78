import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto'

/** One key-encryption key and the id every blob it seals carries. */
export interface KeyEncryptionKey {
  readonly id: string
  readonly key: Uint8Array
}

/**
 * The key-encryption keys the server accepts, newest first: the first seals, every one opens
 * what it sealed. Rotating is adding a new key in front, re-sealing (servers/frame/reseal.ts),
 * then dropping the old one.
 */
export interface KeyRing {
  readonly keys: readonly [KeyEncryptionKey, ...KeyEncryptionKey[]]
}

/**
 * The id of a key given without one: the single key of the releases before rotation, whose
 * blobs (`v1.`, no id) open under it.
 */
export const LEGACY_KEY_ID = '0'

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/

/**
 * A key ring from its text: entries `id:base64` (or a bare base64 key, the legacy key `0`),
 * separated by commas or white space, newest first. Each key is 32 bytes.
 */
export function parseKeyRing(text: string): KeyRing {
  const entries = text.split(/[\s,]+/).filter(Boolean)
  if (entries.length === 0) throw new Error('no key-encryption key given')
  const keys = entries.map((entry): KeyEncryptionKey => {
    const at = entry.indexOf(':')
    const id = at < 0 ? LEGACY_KEY_ID : entry.slice(0, at)
    const encoded = at < 0 ? entry : entry.slice(at + 1)
    if (!KEY_ID.test(id)) throw new Error(`key id "${id}" must be 1 to 32 letters, digits, _ or -`)
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new Error(`key ${id} must be base64`)
    const key = new Uint8Array(Buffer.from(encoded, 'base64'))
    if (key.length !== 32) throw new Error(`key ${id} must be 32 bytes`)
    return { id, key }
  })
  const ids = new Set(keys.map((key) => key.id))
  if (ids.size !== keys.length) throw new Error('two keys have the same id')
  return { keys: keys as [KeyEncryptionKey, ...KeyEncryptionKey[]] }
}

/**
 * The server's secrets and what it does with them. Two inputs: the key-encryption keys (32
 * bytes each, seal key shares; never stored in the database) and the session secret (signs
 * tokens and keys the hashes of codes and tokens, so that a dump alone cannot test a
 * six-digit code against its hash).
 */
export interface Secrets {
  /** HMAC-SHA256 under the hash key, base64url: how codes, link tokens and refresh tokens are stored. */
  hash(value: string): string
  /** The HS256 key of access and host tokens. */
  readonly jwtKey: Uint8Array
  /** AES-256-GCM under the newest key-encryption key, its id in the blob; `context` is bound as associated data. */
  seal(plain: Uint8Array, context: string): string
  /** Opens what seal() wrote for the same context, under the key the blob names; throws when the data, context or key differ. */
  open(sealed: string, context: string): Uint8Array
  /** Whether a blob is sealed under another key than the newest (the re-seal job's work). */
  isStale(sealed: string): boolean
}

const SEALED_VERSION = 'v2'
/** Blobs of the releases before rotation: no key id, sealed under the legacy key. */
const LEGACY_VERSION = 'v1'

/** The key id and the parts of a blob, either format. */
function partsOf(sealed: string): { keyId: string; iv: string; body: string } {
  const parts = sealed.split('.')
  if (parts[0] === SEALED_VERSION && parts.length === 4 && parts[1] && parts[2] && parts[3]) return { keyId: parts[1], iv: parts[2], body: parts[3] }
  if (parts[0] === LEGACY_VERSION && parts.length === 3 && parts[1] && parts[2]) return { keyId: LEGACY_KEY_ID, iv: parts[1], body: parts[2] }
  throw new Error('Unknown sealed format')
}

export function createSecrets(keys: KeyRing | Uint8Array, sessionSecret: string): Secrets {
  const ring = keys instanceof Uint8Array ? { keys: [{ id: LEGACY_KEY_ID, key: keys }] as const } : keys
  if (ring.keys.some((entry) => entry.key.length !== 32)) throw new Error('keyEncryptionKey must be 32 bytes')
  const newest = ring.keys[0]
  const byId = new Map(ring.keys.map((entry) => [entry.id, entry.key]))
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', sessionSecret, 'portico-frame', info, 32))
  const hashKey = derive('hash')
  return {
    hash: (value) => createHmac('sha256', hashKey).update(value).digest('base64url'),
    jwtKey: derive('jwt'),
    seal(plain, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', newest.key, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
      return `${SEALED_VERSION}.${newest.id}.${iv.toString('base64url')}.${body.toString('base64url')}`
    },
    open(sealed, context) {
      const { keyId, iv, body } = partsOf(sealed)
      const key = byId.get(keyId)
      if (!key) throw new Error(`Sealed under key ${keyId}, which is not configured`)
      const bytes = Buffer.from(body, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(bytes.subarray(bytes.length - 16))
      return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]))
    },
    isStale: (sealed) => partsOf(sealed).keyId !== newest.id || sealed.startsWith(`${LEGACY_VERSION}.`),
  }
}

/** A six-digit code, uniformly drawn (leading zeros kept). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** An unguessable bearer secret (link token, refresh token). */
export const newToken = () => randomBytes(32).toString('base64url')
