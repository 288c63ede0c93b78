import { combine, split } from 'shamir-secret-sharing'

/**
 * A key split 2-of-3: any two shares rebuild it, one alone says nothing about it.
 * The device share stays in this origin's IndexedDB; the server keeps the other two.
 */
export interface KeyShares {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

export async function splitKey(secret: Uint8Array): Promise<KeyShares> {
  const [device, auth, recovery] = await split(secret, 3, 2)
  return { device: device!, auth: auth!, recovery: recovery! }
}

export function combineShares(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  return combine([first, second])
}

/** A device share encrypted under the device's wrapping key, as IndexedDB keeps it. */
export interface WrappedShare {
  iv: Uint8Array<ArrayBuffer>
  data: Uint8Array<ArrayBuffer>
}

/**
 * The record's place (user and namespace) is the AES-GCM additional data, so a wrapped
 * share copied to another user's or namespace's slot fails to unwrap instead of
 * silently rebuilding the wrong key.
 */
const bind = (userId: string, namespace: string) => new TextEncoder().encode(`${userId}/${namespace}`)

export async function wrapShare(key: CryptoKey, share: Uint8Array, userId: string, namespace: string): Promise<WrappedShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: bind(userId, namespace) }, key, share as Uint8Array<ArrayBuffer>)
  return { iv, data: new Uint8Array(data) }
}

export async function unwrapShare(key: CryptoKey, wrapped: WrappedShare, userId: string, namespace: string): Promise<Uint8Array> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: wrapped.iv, additionalData: bind(userId, namespace) }, key, wrapped.data)
  return new Uint8Array(plain)
}

/** The device's wrapping key: AES-GCM, and not extractable, so script can use it but never read it. */
export function generateWrappingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}
