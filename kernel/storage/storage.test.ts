import fc from 'fast-check'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { mainnet } from '../chains/networks.ts'
import { LOGIN_CACHE_KEYS, StorageKeys, type StorageKeyName, type StoredValue } from './keys.ts'
import { type StorageBackend, createMemoryBackend, createStorage } from './storage.ts'

/** A valid value for every key, to round-trip and to prove what clearLoginCache leaves alone. */
const SAMPLES: { [K in StorageKeyName]: StoredValue<K> } = {
  activeNamespace: 'solana',
  activeCaipNetworkId: 'eip155:8453',
  connectedConnectorIds: { eip155: 'io.metamask', solana: 'phantom' },
  connectionStatus: 'connected',
  recentWallets: [{ id: 'w1', name: 'Wallet One' }],
  deepLinkChoice: { href: 'https://wallet.example/wc', name: 'Wallet' },
  connectedSocial: 'github',
  connectedSocialUsername: 'octocat',
  preferredAccountTypes: { eip155: 'eoa', bip122: 'payment' },
  connectedNamespaces: ['eip155', 'solana'],
  legalAccepted: { terms: 'https://app.example/terms', privacy: 'https://app.example/privacy' },
  portfolioCache: { '0xabc': { timestamp: 1, value: { tokens: [] } } },
  nativeBalanceCache: { '0xabc': { timestamp: 1, value: { balance: '1.0', symbol: 'ETH' } } },
  ensCache: { 'alice.eth': { timestamp: 1, value: '0xabc' } },
  identityCache: { '0xabc': { timestamp: 1, value: { name: 'alice', avatar: null } } },
  frameSessionToken: 'token-123',
  frameEmailLoginUsed: true,
  frameLastUsedChain: 'eip155:1',
  frameLastEmailLoginTime: 1_700_000_000_000,
  frameEmail: 'alice@example.com',
  framePreferredAccountType: 'smartAccount',
  frameSmartAccountEnabled: true,
  frameSmartAccountEnabledNetworks: [8453, 1],
  frameSocialUsername: 'alice',
}

const ALL_KEYS = Object.keys(StorageKeys) as StorageKeyName[]

const throwingBackend = (): StorageBackend => ({
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError')
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError')
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError')
  },
})

afterEach(() => {
  vi.useRealTimers()
})

describe('storage keys', () => {
  it.each([
    ['active namespace', 'activeNamespace'],
    ['active network id', 'activeCaipNetworkId'],
    ['connected connector id per namespace', 'connectedConnectorIds'],
    ['recent wallets', 'recentWallets'],
    ['deep link choice', 'deepLinkChoice'],
    ['connected social provider', 'connectedSocial'],
    ['connected social username', 'connectedSocialUsername'],
    ['preferred account types', 'preferredAccountTypes'],
    ['connected namespaces', 'connectedNamespaces'],
    ['balance cache', 'portfolioCache'],
    ['native balance cache', 'nativeBalanceCache'],
    ['ENS cache', 'ensCache'],
    ['identity cache', 'identityCache'],
  ] as const)('local storage holds the %s', (_label, name) => {
    expect(StorageKeys[name].key).toMatch(/^@portico\//)
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.set(name, SAMPLES[name] as never)
    expect(storage.get(name)).toEqual(SAMPLES[name])
  })

  it.each([
    ['session token', 'frameSessionToken'],
    ['email-login-used flag', 'frameEmailLoginUsed'],
    ['last used chain', 'frameLastUsedChain'],
    ['last email login time', 'frameLastEmailLoginTime'],
    ['email', 'frameEmail'],
    ['preferred account type', 'framePreferredAccountType'],
    ['smart account enabled flag', 'frameSmartAccountEnabled'],
    ['smart account enabled networks', 'frameSmartAccountEnabledNetworks'],
    ['social username', 'frameSocialUsername'],
  ] as const)('embedded wallet key with the prefix: %s', (_label, name) => {
    expect(StorageKeys[name].key).toMatch(/^@portico-frame\//)
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.set(name, SAMPLES[name] as never)
    expect(storage.get(name)).toEqual(SAMPLES[name])
  })

  it('every key is stored under its own name', () => {
    const keys = ALL_KEYS.map((name) => StorageKeys[name].key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('values are JSON in the backend under the key', () => {
    const backend = createMemoryBackend()
    createStorage(backend, vi.fn()).set('activeCaipNetworkId', 'eip155:1')
    expect(backend.getItem(StorageKeys.activeCaipNetworkId.key)).toBe('"eip155:1"')
  })

  it('remove deletes a key', () => {
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.set('activeNamespace', 'eip155')
    storage.remove('activeNamespace')
    expect(storage.get('activeNamespace')).toBeUndefined()
  })
})

describe('recent wallets (max 2)', () => {
  it('recent wallets: capped at 2, most recent first', () => {
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.addRecentWallet({ id: 'a', name: 'A' })
    storage.addRecentWallet({ id: 'b', name: 'B' })
    const list = storage.addRecentWallet({ id: 'c', name: 'C' })
    expect(list.map((w) => w.id)).toEqual(['c', 'b'])
    expect(list).toHaveLength(2)
    expect(storage.get('recentWallets')?.map((w) => w.id)).toEqual(['c', 'b'])
  })

  it('recent wallets: using a listed wallet again moves it first without a duplicate', () => {
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.addRecentWallet({ id: 'a', name: 'A' })
    storage.addRecentWallet({ id: 'b', name: 'B' })
    expect(storage.addRecentWallet({ id: 'a', name: 'A' }).map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('property: the recent list never exceeds 2, has no duplicates and starts with the last wallet used', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 12 }), (ids) => {
        const storage = createStorage(createMemoryBackend(), vi.fn())
        let list: readonly { id: string }[] = []
        for (const id of ids) list = storage.addRecentWallet({ id, name: id.toUpperCase() })
        const got = list.map((w) => w.id)
        expect(got.length).toBeLessThanOrEqual(2)
        expect(new Set(got).size).toBe(got.length)
        expect(got[0]).toBe(ids.at(-1))
        const distinctFromEnd = [...new Set([...ids].reverse())].slice(0, 2)
        expect(got).toEqual(distinctFromEnd)
      }),
    )
  })

  it('recent wallets: a corrupt stored list starts a fresh one', () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.recentWallets.key, '{not json')
    const storage = createStorage(backend, vi.fn())
    expect(storage.addRecentWallet({ id: 'a', name: 'A' })).toEqual([{ id: 'a', name: 'A' }])
  })
})

describe('untrusted stored values (inbound data is untrusted)', () => {
  it('a corrupt JSON value is ignored (undefined), reported and never thrown', () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.activeNamespace.key, '{"unterminated')
    const onRejected = vi.fn()
    const storage = createStorage(backend, onRejected)
    expect(() => storage.get('activeNamespace')).not.toThrow()
    expect(storage.get('activeNamespace')).toBeUndefined()
    expect(onRejected).toHaveBeenCalledWith(StorageKeys.activeNamespace.key)
  })

  it.each([
    ['activeNamespace', '"cosmos"'],
    ['activeCaipNetworkId', '"not a caip id"'],
    ['connectedConnectorIds', '{"tron":"x"}'],
    ['recentWallets', '[{"id":1}]'],
    ['deepLinkChoice', '{"href":"javascript","name":"x"}'],
    ['connectedSocial', '"myspace"'],
    ['preferredAccountTypes', '{"eip155":"admin"}'],
    ['nativeBalanceCache', '{"0xabc":{"timestamp":"now","value":{}}}'],
    ['frameEmail', '"not-an-email"'],
    ['frameEmailLoginUsed', '"yes"'],
    ['frameSmartAccountEnabledNetworks', '["8453"]'],
  ] as const)('a foreign-shaped %s value (%s) is ignored and reported', (name, raw) => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys[name].key, raw)
    const onRejected = vi.fn()
    const storage = createStorage(backend, onRejected)
    expect(storage.get(name)).toBeUndefined()
    expect(onRejected).toHaveBeenCalledTimes(1)
    expect(onRejected).toHaveBeenCalledWith(StorageKeys[name].key)
  })

  it('a missing value is not reported', () => {
    const onRejected = vi.fn()
    expect(createStorage(createMemoryBackend(), onRejected).get('activeNamespace')).toBeUndefined()
    expect(onRejected).not.toHaveBeenCalled()
  })

  it('in a kit a rejected value emits STORAGE_VALUE_REJECTED and logs a warning', () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.connectedNamespaces.key, '"eip155"')
    const logger = { warn: vi.fn(), error: vi.fn() }
    const kit = createKernel(
      { projectId: 'p', networks: [mainnet], features: { analytics: false } },
      {
        storage: backend,
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger,
        fetch: globalThis.fetch,
      },
    )
    const events: PorticoEvent[] = []
    kit.subscribeEvents((event) => events.push(event))
    expect(kit.storage.get('connectedNamespaces')).toBeUndefined()
    expect(events).toEqual([{ type: 'STORAGE_VALUE_REJECTED', properties: { key: StorageKeys.connectedNamespaces.key } }])
    expect(logger.warn).toHaveBeenCalledTimes(1)
  })

  it('a backend that throws on every access never throws out of the storage, and what was set lives on in memory', () => {
    const storage = createStorage(throwingBackend(), vi.fn())
    expect(() => storage.set('activeNamespace', 'eip155')).not.toThrow()
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(() => storage.remove('activeNamespace')).not.toThrow()
    expect(storage.get('activeNamespace')).toBeUndefined()
    expect(() => storage.addRecentWallet({ id: 'a', name: 'A' })).not.toThrow()
    expect(storage.addRecentWallet({ id: 'b', name: 'B' })).toEqual([
      { id: 'b', name: 'B' },
      { id: 'a', name: 'A' },
    ])
    expect(() => storage.clearLoginCache()).not.toThrow()
    expect(() => storage.setCached('ensCache', 'alice.eth', '0xabc')).not.toThrow()
    expect(storage.getCached('ensCache', 'alice.eth', 300_000)).toBe('0xabc')
  })

  it('storage full (setItem throws QuotaExceededError): the connection is kept in memory, the backend keeps what it had', () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.activeNamespace.key, '"solana"')
    const full: StorageBackend = {
      ...backend,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
    }
    const storage = createStorage(full, vi.fn())
    storage.set('connectedConnectorIds', { eip155: 'org.portico.e2e.evm' })
    storage.set('activeNamespace', 'eip155')
    expect(storage.get('connectedConnectorIds')).toEqual({ eip155: 'org.portico.e2e.evm' })
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(backend.getItem(StorageKeys.activeNamespace.key)).toBe('"solana"')
    expect(backend.getItem(StorageKeys.connectedConnectorIds.key)).toBeNull()
    // A removal reaches both: the memory copy and the backend's own.
    storage.remove('activeNamespace')
    expect(storage.get('activeNamespace')).toBeUndefined()
    expect(backend.getItem(StorageKeys.activeNamespace.key)).toBeNull()
  })

  it('once the backend takes writes again, it is read, not the memory copy', () => {
    let fullNow = true
    const backend = createMemoryBackend()
    const flaky: StorageBackend = {
      ...backend,
      setItem: (key, value) => {
        if (fullNow) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        backend.setItem(key, value)
      },
    }
    const storage = createStorage(flaky, vi.fn())
    storage.set('activeNamespace', 'eip155')
    fullNow = false
    storage.set('activeNamespace', 'solana')
    expect(storage.get('activeNamespace')).toBe('solana')
    backend.setItem(StorageKeys.activeNamespace.key, '"bip122"')
    expect(storage.get('activeNamespace')).toBe('bip122')
  })

  it('a kit whose storage backend throws still opens', () => {
    const kit = createKernel(
      { projectId: 'p', networks: [mainnet], features: { analytics: false } },
      {
        storage: throwingBackend(),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: vi.fn(), error: vi.fn() },
        fetch: globalThis.fetch,
      },
    )
    expect(() => kit.storage.get('recentWallets')).not.toThrow()
    kit.open()
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('fuzz: any string stored under any key never throws and yields undefined or a schema-valid value', () => {
    const raw = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.constantFrom('null', 'undefined', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '[]', '{}', 'NaN', ''),
    )
    fc.assert(
      fc.property(fc.constantFrom(...ALL_KEYS), raw, (name, stored) => {
        const backend = createMemoryBackend()
        backend.setItem(StorageKeys[name].key, stored)
        const onRejected = vi.fn()
        const storage = createStorage(backend, onRejected)
        let value: unknown
        expect(() => {
          value = storage.get(name)
        }).not.toThrow()
        if (value === undefined) {
          // something was stored, so an undefined read means it was judged and reported
          expect(onRejected).toHaveBeenCalledTimes(1)
        } else {
          expect(v.is(StorageKeys[name].schema, value)).toBe(true)
          expect(onRejected).not.toHaveBeenCalled()
        }
        // the helpers built on get never throw either
        expect(() => storage.addRecentWallet({ id: 'a', name: 'A' })).not.toThrow()
        expect(() => storage.getCached('portfolioCache', 'id', 1)).not.toThrow()
        expect(() => storage.getCached('identityCache', '__proto__', 1)).not.toThrow()
      }),
      { numRuns: 1000 },
    )
  })
})

// The lifetimes themselves (portfolio and native balance 30 s, ENS and identity 5 min) are
// tested where they are used: services/blockchainApi/portfolio.test.ts, services/blockchainApi/http.test.ts,
// kernel/connection/connectionService.test.ts. Here: an entry lives exactly the age asked.
describe('TTL caches', () => {
  it.each([
    ['portfolioCache', { tokens: [1] }],
    ['nativeBalanceCache', { balance: '1.0', symbol: 'ETH' }],
    ['ensCache', '0xabc'],
    ['identityCache', { name: 'alice', avatar: null }],
  ] as const)('%s gives an entry back while it is at most the asked age old, not a millisecond more', (name, value) => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.setCached(name, 'id', value as never)
    vi.advanceTimersByTime(30_000)
    expect(storage.getCached(name, 'id', 30_000)).toEqual(value)
    vi.advanceTimersByTime(1)
    expect(storage.getCached(name, 'id', 30_000)).toBeUndefined()
  })

  it('portfolio cache 30 s: a stale entry is removed from storage, other entries stay', () => {
    vi.useFakeTimers()
    vi.setSystemTime(0)
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.setCached('portfolioCache', 'old', 1)
    vi.advanceTimersByTime(20_000)
    storage.setCached('portfolioCache', 'new', 2)
    vi.advanceTimersByTime(10_001)
    expect(storage.getCached('portfolioCache', 'old', 30_000)).toBeUndefined()
    expect(Object.keys(storage.get('portfolioCache') ?? {})).toEqual(['new'])
    expect(storage.getCached('portfolioCache', 'new', 30_000)).toBe(2)
  })

  it('caches: entries are keyed by id', () => {
    const storage = createStorage(createMemoryBackend(), vi.fn())
    storage.setCached('ensCache', 'a.eth', '0xa')
    storage.setCached('ensCache', 'b.eth', '0xb')
    expect(storage.getCached('ensCache', 'a.eth', 300_000)).toBe('0xa')
    expect(storage.getCached('ensCache', 'b.eth', 300_000)).toBe('0xb')
    expect(storage.getCached('ensCache', 'c.eth', 300_000)).toBeUndefined()
  })
})

describe('login cache', () => {
  it('clearLoginCache removes exactly the flag, email, last chain and social username', () => {
    const storage = createStorage(createMemoryBackend(), vi.fn())
    for (const name of ALL_KEYS) storage.set(name, SAMPLES[name] as never)
    storage.clearLoginCache()
    const removed = ['frameEmailLoginUsed', 'frameEmail', 'frameLastUsedChain', 'frameSocialUsername']
    expect([...LOGIN_CACHE_KEYS].sort()).toEqual([...removed].sort())
    for (const name of ALL_KEYS) {
      if (removed.includes(name)) expect(storage.get(name), name).toBeUndefined()
      else expect(storage.get(name), name).toEqual(SAMPLES[name])
    }
  })
})
