import fc from 'fast-check'
import * as v from 'valibot'
import { describe, it } from 'vitest'
import { createHttpBlockchainApi } from '../../services/blockchainApi/http.ts'
import {
  BalancesResponseSchema,
  IdentityResponseSchema,
  NameRecordSchema,
  NameSuggestionsResponseSchema,
  NftsResponseSchema,
  ReverseNamesResponseSchema,
  TransactionsResponseSchema,
} from '../../protocol/api/schemas.ts'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { createMemoryBackend, createStorage } from '../../kernel/storage/storage.ts'
import { StorageKeys } from '../../kernel/storage/keys.ts'
import { casesOf, cloneableValue, hostileJsonText, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// Blockchain API answers through the kit's HTTP client (services/blockchainApi/http.ts), the body
// served by a fetch that answers the generated text: each call resolves with data that
// passed the schema or rejects with the kit's error, and a refused answer leaves the
// identity and name caches as they were.
const ADDRESS = '0x1111111111111111111111111111111111111111'
const CHAIN = 'eip155:31337'

const decimal = fc.tuple(fc.nat(), fc.nat({ max: 999 })).map(([whole, part]) => `${whole}.${part}`)
const iso = fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => date.toISOString())
const token = fc.record({
  name: fc.string(),
  symbol: fc.string({ maxLength: 8 }),
  chainId: valid.caipNetworkId,
  address: fc.option(valid.evmAddress, { nil: undefined }),
  value: fc.double({ noNaN: true }),
  price: fc.double({ noNaN: true }),
  quantity: fc.record({ decimals: fc.constantFrom('6', '18'), numeric: decimal }),
  iconUrl: valid.url,
})
const transfer = fc.record({
  direction: fc.constantFrom('in', 'out', 'self'),
  fungible_info: fc.option(fc.record({ name: fc.string(), symbol: fc.string(), icon: fc.record({ url: valid.url }) }), { nil: undefined }),
  quantity: fc.record({ numeric: decimal, decimals: fc.constantFrom('0', '18') }),
  value: fc.option(fc.double({ noNaN: true }), { nil: undefined }),
})
const transaction = fc.record({
  id: fc.string(),
  metadata: fc.record({
    operationType: fc.constantFrom('send', 'receive', 'buy', 'trade'),
    hash: fc.stringMatching(/^0x[0-9a-f]{64}$/),
    minedAt: iso,
    sentFrom: valid.evmAddress,
    sentTo: valid.evmAddress,
    status: fc.constantFrom('confirmed', 'failed', 'pending'),
    chain: valid.caipNetworkId,
  }),
  transfers: fc.array(transfer, { maxLength: 2 }),
})
const nameRecord = fc.record({
  name: fc.stringMatching(/^[a-z0-9-]{4,20}\.portico$/),
  addresses: fc.dictionary(fc.constantFrom('60', '2147514781'), fc.record({ chainId: fc.constantFrom('1', '31337'), address: valid.evmAddress, created: iso })),
  attributes: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.string()), { nil: undefined }),
})
const nft = fc.record({
  chainId: valid.caipNetworkId,
  address: valid.evmAddress,
  tokenId: fc.bigInt({ min: 0n }).map(String),
  collection: fc.record({ name: fc.string(), symbol: fc.string() }),
  flags: fc.record({ is_spam: fc.boolean() }),
})

/** An answer: a status and a body text; mostly 200, sometimes a refusal whose body may carry a reason. */
const answer = (body: fc.Arbitrary<unknown>) =>
  fc.record({
    status: fc.oneof({ weight: 8, arbitrary: fc.constant(200) }, { weight: 1, arbitrary: fc.constantFrom(400, 404, 429, 500, 503) }),
    text: fc.oneof(
      casesOf(fc.oneof(body, fc.record({ reason: fc.string(), message: fc.string() })), cloneableValue).map((value) => {
        try {
          return JSON.stringify(value) ?? ''
        } catch {
          return '{"cyclic":'
        }
      }),
      hostileJsonText,
    ),
  })

type Answer = { status: number; text: string }

interface Endpoint {
  readonly name: string
  readonly schema: v.GenericSchema
  readonly body: fc.Arbitrary<unknown>
  call(api: BlockchainApi): Promise<unknown>
}

const endpoints: Endpoint[] = [
  {
    name: 'BalancesResponseSchema (balances)',
    schema: BalancesResponseSchema,
    body: fc.record({ balances: fc.array(token, { maxLength: 3 }) }),
    call: (api) => api.balances({ address: ADDRESS, chainId: CHAIN }),
  },
  {
    name: 'TransactionsResponseSchema (transactions)',
    schema: TransactionsResponseSchema,
    body: fc.record({ data: fc.array(transaction, { maxLength: 2 }), next: fc.option(fc.string()) }),
    call: (api) => api.transactions({ address: ADDRESS, chainId: CHAIN }),
  },
  {
    name: 'NftsResponseSchema (nfts)',
    schema: NftsResponseSchema,
    body: fc.record({ data: fc.array(nft, { maxLength: 3 }), next: fc.option(fc.string()) }),
    call: (api) => api.nfts({ address: ADDRESS, chainId: CHAIN }),
  },
  {
    name: 'IdentityResponseSchema (identity, 5 min cache)',
    schema: IdentityResponseSchema,
    body: fc.record({ name: fc.option(fc.string()), avatar: fc.option(valid.url) }),
    call: (api) => api.identity({ address: ADDRESS, chainId: CHAIN }),
  },
  { name: 'NameRecordSchema (lookupName, 5 min cache)', schema: NameRecordSchema, body: nameRecord, call: (api) => api.lookupName('fuzz.portico') },
  {
    name: 'ReverseNamesResponseSchema (reverseLookup)',
    schema: ReverseNamesResponseSchema,
    body: fc.array(nameRecord, { maxLength: 2 }),
    call: (api) => api.reverseLookup(ADDRESS),
  },
  {
    name: 'NameSuggestionsResponseSchema (suggestNames)',
    schema: NameSuggestionsResponseSchema,
    body: fc.record({ suggestions: fc.array(fc.record({ name: fc.string(), registered: fc.boolean() }), { maxLength: 4 }) }),
    call: (api) => api.suggestNames('fuzz'),
  },
  {
    name: 'NameRecordSchema + ApiErrorSchema (registerName answer and refusal reason)',
    schema: NameRecordSchema,
    body: nameRecord,
    call: (api) => api.registerName({ coinType: 60, address: ADDRESS, signature: '0x00', message: '{"name":"fuzz.portico","attributes":{},"timestamp":1}' }),
  },
]

describe('Blockchain API answers', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name} through the HTTP client`, { timeout: fuzzTimeout() }, async () => {
      const backend = createMemoryBackend()
      const storage = createStorage(backend, () => undefined)
      let current: Answer = { status: 200, text: '' }
      const fetch = async () => new Response(current.text, { status: current.status, headers: { 'Content-Type': 'application/json' } })
      const api = createHttpBlockchainApi({ baseUrl: 'http://127.0.0.1:8702/', storage, fetch: fetch as typeof globalThis.fetch })
      const caches = () => [StorageKeys.ensCache.key, StorageKeys.identityCache.key].map((key) => backend.getItem(key))
      await fuzz<Answer>({
        name: `${endpoint.name} (Blockchain API client)`,
        cases: answer(endpoint.body),
        prepare: (input) => void (current = input),
        run: () => endpoint.call(api),
        mayReject: true,
        // Only a 200 whose body passes the schema may change anything.
        refuses: (input) => {
          if (input.status !== 200) return true
          try {
            return !v.safeParse(endpoint.schema, JSON.parse(input.text)).success
          } catch {
            return true
          }
        },
        state: caches,
        after: () => {
          backend.removeItem(StorageKeys.ensCache.key)
          backend.removeItem(StorageKeys.identityCache.key)
        },
      })
    })
  }
})
