import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software WebAuthn authenticator with a browser's client part, for server tests: it speaks
 * the real protocol (CBOR attestation object of format "none", COSE ES256 key, authenticator
 * data with its flags and counter, ECDSA signatures over authData || SHA-256(clientDataJSON)),
 * so the frame server's library checks it exactly as it checks a browser's answer.
 */

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor }
interface CborMap extends Map<Cbor, Cbor> {}

/** The few CBOR major types WebAuthn's structures use. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export interface Ceremony {
  challenge: string
  /** The origin the "browser" reports in clientDataJSON. */
  origin: string
  rpId: string
}

export interface SoftCredential {
  readonly id: Buffer
  readonly key: KeyObject
  readonly userHandle: Uint8Array
  /** The signature counter; stays 0 for an authenticator that keeps none (as synced passkeys do). */
  counter: number
  readonly countsUses: boolean
}

export interface SoftAuthenticatorOptions {
  /** Set user verification in the flags (default true). */
  verifiesUser?: boolean
  /** Keep a signature counter (default true). */
  countsUses?: boolean
}

export function createSoftAuthenticator(options: SoftAuthenticatorOptions = {}) {
  const verifiesUser = options.verifiesUser ?? true
  const flags = (extra: number) => FLAG_UP | (verifiesUser ? FLAG_UV : 0) | extra
  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(counter)
    return bytes
  }
  const clientData = (type: string, ceremony: Ceremony) => Buffer.from(JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }))

  return {
    /** navigator.credentials.create(): a new credential and its response as the browser's toJSON() gives it. */
    create(ceremony: Ceremony & { userHandle: Uint8Array }, extensions: { prf?: boolean } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      )
      const credential: SoftCredential = { id: randomBytes(32), key: privateKey, userHandle: ceremony.userHandle, counter: 0, countsUses: options.countsUses ?? true }
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credential.id.length)
      const authData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([flags(FLAG_AT)]), counterBytes(0), Buffer.alloc(16), idLength, credential.id, cose])
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: new Uint8Array(authData) })
      return {
        credential,
        response: {
          id: b64u(credential.id),
          rawId: b64u(credential.id),
          type: 'public-key' as const,
          response: { clientDataJSON: b64u(clientData('webauthn.create', ceremony)), attestationObject: b64u(attestationObject), transports: ['internal' as const] },
          authenticatorAttachment: 'platform' as const,
          clientExtensionResults: extensions.prf === undefined ? {} : { prf: { enabled: extensions.prf } },
        },
      }
    },
    /** navigator.credentials.get() with a discoverable credential: the assertion, the counter moved on if it counts. */
    get(credential: SoftCredential, ceremony: Ceremony) {
      if (credential.countsUses) credential.counter += 1
      const authData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([flags(0)]), counterBytes(credential.counter)])
      const clientDataJSON = clientData('webauthn.get', ceremony)
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key)
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: b64u(credential.userHandle) },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      }
    },
  }
}
