import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type StorageKeyName, StorageKeys } from '../../kernel/storage/keys.ts'
import { createMemoryBackend, createStorage } from '../../kernel/storage/storage.ts'
import { casesOf, cloneableValue, hostileJsonText, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// Storage is written by any script of the page's origin (and other tabs): every key's
// stored text goes through the storage read (`get`, and the cache and recent-list reads
// built on it). A refused text reads as nothing and is left as it was.
const cache = <T>(value: fc.Arbitrary<T>) => fc.dictionary(fc.string({ maxLength: 12 }), fc.record({ timestamp: fc.integer({ min: 0 }), value }), { maxKeys: 3 })

const validValues: { [K in StorageKeyName]: fc.Arbitrary<unknown> } = {
  activeNamespace: fc.constantFrom('eip155', 'solana', 'bip122', 'polkadot'),
  activeCaipNetworkId: valid.caipNetworkId,
  connectedConnectorIds: fc.record({ eip155: valid.rdns, solana: valid.name }, { requiredKeys: [] }),
  connectionStatus: fc.constantFrom('connected', 'disconnected'),
  recentWallets: fc.array(fc.record({ id: valid.rdns, name: valid.name, imageUrl: valid.icon }, { requiredKeys: ['id', 'name'] }), { maxLength: 3 }),
  deepLinkChoice: fc.record({ href: valid.url, name: valid.name }),
  connectedSocial: fc.constantFrom('google', 'github', 'x', 'discord', 'farcaster'),
  connectedSocialUsername: valid.name,
  preferredAccountTypes: fc.record({ eip155: fc.constantFrom('eoa', 'smartAccount') }, { requiredKeys: [] }),
  connectedNamespaces: fc.subarray(['eip155', 'solana', 'bip122', 'polkadot']),
  legalAccepted: fc.record({ terms: valid.url, privacy: valid.url }, { requiredKeys: [] }),
  portfolioCache: cache(fc.jsonValue({ maxDepth: 2 })),
  nativeBalanceCache: cache(fc.record({ balance: fc.string(), symbol: fc.string() })),
  ensCache: cache(fc.jsonValue({ maxDepth: 2 })),
  identityCache: cache(fc.record({ name: fc.option(fc.string(), { nil: null }), avatar: fc.option(valid.url, { nil: null }) })),
  frameSessionToken: fc.string({ minLength: 1, maxLength: 64 }),
  frameEmailLoginUsed: fc.boolean(),
  frameLastUsedChain: fc.oneof(fc.integer({ min: 1 }), valid.caipNetworkId),
  frameLastEmailLoginTime: fc.integer({ min: 0 }),
  frameEmail: fc.constantFrom('visitor@portico.example', 'a@b.example'),
  framePreferredAccountType: fc.constantFrom('eoa', 'smartAccount'),
  frameSmartAccountEnabled: fc.boolean(),
  frameSmartAccountEnabledNetworks: fc.array(fc.integer({ min: 1 }), { maxLength: 4 }),
  frameSocialUsername: valid.name,
}

/** The stored text: JSON of a valid, near-valid or hostile value, or text that is not JSON at all. */
const storedText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    casesOf(value, cloneableValue).map((item) => {
      try {
        return JSON.stringify(item) ?? 'undefined'
      } catch {
        return '{"cyclic":' // a value JSON cannot hold is stored as broken text
      }
    }),
    hostileJsonText,
  )

const isCache = (name: StorageKeyName): name is 'portfolioCache' | 'nativeBalanceCache' | 'ensCache' | 'identityCache' => name.endsWith('Cache')

describe('storage values', () => {
  for (const name of Object.keys(StorageKeys) as StorageKeyName[]) {
    const { key, schema } = StorageKeys[name]
    it(`${name}: the stored text through the storage read`, { timeout: fuzzTimeout() }, async () => {
      const backend = createMemoryBackend()
      const rejected: string[] = []
      const storage = createStorage(backend, (k) => rejected.push(k))
      const refuses = (text: string) => {
        try {
          return !v.safeParse(schema, JSON.parse(text)).success
        } catch {
          return true
        }
      }
      await fuzz({
        name: `StorageKeys.${name} (storage read)`,
        cases: storedText(validValues[name]),
        prepare: (text) => backend.setItem(key, text),
        run: (text) => {
          const read = storage.get(name)
          if (refuses(text)) expect(read).toBeUndefined()
          else expect(v.safeParse(schema, read).success).toBe(true)
          if (isCache(name)) for (const id of ['__proto__', 'constructor', 'a']) storage.getCached(name, id, 30_000, 0)
          if (name === 'recentWallets' && !refuses(text)) storage.addRecentWallet({ id: 'io.fuzz', name: 'Fuzz' })
        },
        refuses,
        state: () => backend.getItem(key),
        after: () => backend.removeItem(key),
      })
    })
  }
})
