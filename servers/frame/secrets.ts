import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto'

/**
 * The server's secrets and what it does with them. Two inputs: the key-encryption key (32
 * bytes, seals key shares; never stored in the database) and the session secret (signs
 * tokens and keys the hashes of codes and tokens, so that a dump alone cannot test a
 * six-digit code against its hash).
 */
export interface Secrets {
  /** HMAC-SHA256 under the hash key, base64url: how codes, link tokens and refresh tokens are stored. */
  hash(value: string): string
  /** The HS256 key of access and host tokens. */
  readonly jwtKey: Uint8Array
  /** AES-256-GCM under the key-encryption key; `context` is bound as associated data. */
  seal(plain: Uint8Array, context: string): string
  /** Opens what seal() wrote for the same context; throws when the data or context differ. */
  open(sealed: string, context: string): Uint8Array
}

const SEALED_VERSION = 'v1'

export function createSecrets(keyEncryptionKey: Uint8Array, sessionSecret: string): Secrets {
  if (keyEncryptionKey.length !== 32) throw new Error('keyEncryptionKey must be 32 bytes')
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', sessionSecret, 'portico-frame', info, 32))
  const hashKey = derive('hash')
  return {
    hash: (value) => createHmac('sha256', hashKey).update(value).digest('base64url'),
    jwtKey: derive('jwt'),
    seal(plain, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', keyEncryptionKey, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
      return `${SEALED_VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`
    },
    open(sealed, context) {
      const [version, iv, body] = sealed.split('.')
      if (version !== SEALED_VERSION || !iv || !body) throw new Error('Unknown sealed format')
      const bytes = Buffer.from(body, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', keyEncryptionKey, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(bytes.subarray(bytes.length - 16))
      return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]))
    },
  }
}

/** A six-digit code, uniformly drawn (leading zeros kept). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** An unguessable bearer secret (link token, refresh token). */
export const newToken = () => randomBytes(32).toString('base64url')
