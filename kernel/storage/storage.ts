import * as v from 'valibot'
import { RECENT_WALLETS_MAX } from '../constants.ts'
import { type RecentWallet, LOGIN_CACHE_KEYS, StorageKeys, type StorageKeyName, type StoredValue } from './keys.ts'

/** The part of the Web Storage API Portico uses; `localStorage` fits, and so does a Map-backed fake. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface PorticoStorage {
  get<K extends StorageKeyName>(name: K): StoredValue<K> | undefined
  set<K extends StorageKeyName>(name: K, value: StoredValue<K>): void
  remove(name: StorageKeyName): void
  /** Puts a wallet first in the recent list, without duplicates, capped at 2. */
  addRecentWallet(wallet: RecentWallet): readonly RecentWallet[]
  /** Reads a TTL cache entry; stale entries are dropped. */
  getCached<K extends CacheKey>(name: K, id: string, maxAgeMs: number, now?: number): CacheValue<K> | undefined
  setCached<K extends CacheKey>(name: K, id: string, value: CacheValue<K>, now?: number): void
  clearLoginCache(): void
}

type CacheKey = 'portfolioCache' | 'nativeBalanceCache' | 'ensCache' | 'identityCache'
type CacheValue<K extends CacheKey> = StoredValue<K>[string]['value']

/** A backend that works everywhere: Node, private mode, storage disabled by policy. */
export function createMemoryBackend(): StorageBackend {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/** `localStorage` when the page allows it, otherwise memory. */
export function defaultBackend(): StorageBackend {
  try {
    const storage = globalThis.localStorage
    if (storage) {
      storage.getItem('@portico/probe')
      return storage
    }
  } catch {
    // Access can throw (sandboxed iframe, blocked cookies); fall through to memory.
  }
  return createMemoryBackend()
}

/** A stored text read as the key's value: undefined when it is not JSON or fails the key's schema. */
export function parseStored<K extends StorageKeyName>(name: K, raw: string): StoredValue<K> | undefined {
  try {
    const parsed = v.safeParse(StorageKeys[name].schema, JSON.parse(raw))
    if (parsed.success) return parsed.output as StoredValue<K>
  } catch {
    // not JSON: treated like any other value that fails its schema
  }
  return undefined
}

/**
 * Typed local storage. Every read passes the key's schema: a corrupt or foreign
 * value is ignored, reported through `onRejected`, and never thrown.
 */
export function createStorage(backend: StorageBackend, onRejected: (key: string) => void): PorticoStorage {
  const get = <K extends StorageKeyName>(name: K): StoredValue<K> | undefined => {
    const { key } = StorageKeys[name]
    let raw: string | null
    try {
      raw = unsaved.get(key) ?? backend.getItem(key)
    } catch {
      return undefined
    }
    if (raw === null) return undefined
    const value = parseStored(name, raw)
    if (value === undefined) onRejected(key)
    return value
  }

  // What the backend refused to keep (storage full, or blocked on write): the kit's state
  // lives on in memory for this page, and the next visit just starts without it.
  const unsaved = new Map<string, string>()

  const set = <K extends StorageKeyName>(name: K, value: StoredValue<K>) => {
    const { key } = StorageKeys[name]
    const raw = JSON.stringify(value)
    try {
      backend.setItem(key, raw)
      unsaved.delete(key)
    } catch {
      // Quota or policy errors must not break a connection: the value is kept in memory instead.
      unsaved.set(key, raw)
    }
  }

  const remove = (name: StorageKeyName) => {
    const { key } = StorageKeys[name]
    unsaved.delete(key)
    try {
      backend.removeItem(key)
    } catch {
      // same as set: the memory copy is gone, which is what a reader sees
    }
  }

  return {
    get,
    set,
    remove,
    addRecentWallet(wallet) {
      const others = (get('recentWallets') ?? []).filter((w) => w.id !== wallet.id)
      const next = [wallet, ...others].slice(0, RECENT_WALLETS_MAX)
      set('recentWallets', next)
      return next
    },
    getCached(name, id, maxAgeMs, now = Date.now()) {
      const entry = get(name)?.[id]
      if (!entry) return undefined
      if (now - entry.timestamp > maxAgeMs) {
        const rest: Record<string, unknown> = { ...get(name) }
        delete rest[id]
        set(name, rest as StoredValue<typeof name>)
        return undefined
      }
      return entry.value as CacheValue<typeof name>
    },
    setCached(name, id, value, now = Date.now()) {
      set(name, { ...(get(name) ?? {}), [id]: { timestamp: now, value } } as StoredValue<typeof name>)
    },
    clearLoginCache() {
      LOGIN_CACHE_KEYS.forEach(remove)
    },
  }
}
