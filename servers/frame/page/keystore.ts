import { type WrappedShare, generateWrappingKey, unwrapShare, wrapShare } from './shares.ts'

/**
 * This device's secrets in the frame origin's IndexedDB: a stable device id, the
 * non-extractable wrapping key (IndexedDB stores a CryptoKey as it is, without ever
 * exposing its bytes) and, per user and namespace, the wrapped device share.
 */
export interface Keystore {
  deviceId(): Promise<string>
  saveDeviceShare(userId: string, namespace: string, share: Uint8Array): Promise<void>
  /** Undefined when this device holds no share for that user and namespace. */
  loadDeviceShare(userId: string, namespace: string): Promise<Uint8Array | undefined>
}

export const DB_NAME = 'portico-frame'
const STORE = 'keys'
const shareKey = (userId: string, namespace: string) => `share:${userId}:${namespace}`

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1)
  request.onupgradeneeded = () => request.result.createObjectStore(STORE)
  return promised(request)
}

export function createKeystore(): Keystore {
  let db: Promise<IDBDatabase> | undefined
  const store = async (mode: IDBTransactionMode) => {
    db ??= open()
    return (await db).transaction(STORE, mode).objectStore(STORE)
  }
  const get = async <T>(key: string) => (await promised((await store('readonly')).get(key))) as T | undefined
  const put = async (key: string, value: unknown) => {
    await promised((await store('readwrite')).put(value, key))
  }
  /** Made once per device; `add` fails for the second of two racing tabs, which then reads the winner's. */
  async function once<T>(key: string, make: () => T | Promise<T>): Promise<T> {
    const existing = await get<T>(key)
    if (existing !== undefined) return existing
    const made = await make()
    try {
      await promised((await store('readwrite')).add(made, key))
      return made
    } catch {
      return (await get<T>(key))!
    }
  }
  const wrappingKey = () => once('wrappingKey', generateWrappingKey)

  return {
    deviceId: () => once('deviceId', () => crypto.randomUUID()),
    async saveDeviceShare(userId, namespace, share) {
      await put(shareKey(userId, namespace), await wrapShare(await wrappingKey(), share, userId, namespace))
    },
    async loadDeviceShare(userId, namespace) {
      const wrapped = await get<WrappedShare>(shareKey(userId, namespace))
      return wrapped ? unwrapShare(await wrappingKey(), wrapped, userId, namespace) : undefined
    },
  }
}
