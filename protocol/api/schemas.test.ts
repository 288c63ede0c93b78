// The caps on what the Blockchain API relays from chains anyone can write to (SPEC: bad input
// never crashes): shown names and symbols are cut, account names are refused when overlong.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  ApiErrorSchema,
  BalancesResponseSchema,
  IdentityResponseSchema,
  NameRecordSchema,
  NameSuggestionsResponseSchema,
  NftsResponseSchema,
  TransactionsResponseSchema,
} from './schemas.ts'

const balance = (name: string, symbol: string) => ({
  name,
  symbol,
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
})
const nft = (name: string, collection: string, symbol: string) => ({
  chainId: 'eip155:1',
  address: '0x0000000000000000000000000000000000000001',
  tokenId: '1',
  collection: { name: collection, symbol },
  name,
  flags: { is_spam: false },
})
const transaction = (name: string, symbol: string, nftName: string) => ({
  id: 'eip155:1:0x1',
  metadata: { operationType: 'receive', hash: '0x1', minedAt: '2026-11-24T00:00:00.000Z', sentFrom: '0x1', sentTo: '0x2', status: 'confirmed', chain: 'eip155:1' },
  transfers: [
    { direction: 'in', fungible_info: { name, symbol }, quantity: { numeric: '1', decimals: '18' } },
    { direction: 'in', nft_info: { name: nftName, flags: { is_spam: false } }, quantity: { numeric: '1', decimals: '0' } },
  ],
})

describe('names and symbols shown from a chain are cut, never refused', () => {
  it('a token name of 128 characters is kept whole, 129 and a megabyte are cut to 128; the answer stays readable', () => {
    for (const [length, kept] of [
      [127, 127],
      [128, 128],
      [129, 128],
      [1_048_576, 128],
    ] as const) {
      const { balances } = v.parse(BalancesResponseSchema, { balances: [balance('n'.repeat(length), 'SYM'), balance('Ether', 'ETH')] })
      expect(balances.map((b) => b.name.length)).toEqual([kept, 5])
    }
  })

  it('a symbol of 64 characters is kept whole, 65 is cut to 64', () => {
    for (const [length, kept] of [
      [63, 63],
      [64, 64],
      [65, 64],
    ] as const) {
      expect(v.parse(BalancesResponseSchema, { balances: [balance('Token', 's'.repeat(length))] }).balances[0]!.symbol).toHaveLength(kept)
    }
  })

  it('cuts by characters: an emoji (two UTF-16 units) at the cut is kept whole or dropped, never halved', () => {
    const name = `${'n'.repeat(127)}😀😀`
    const cut = v.parse(BalancesResponseSchema, { balances: [balance(name, 'S')] }).balances[0]!.name
    expect(cut).toBe(`${'n'.repeat(127)}😀`)
  })

  it("NFTs: the token's and the collection's names at 128 / 129, the collection's symbol at 64 / 65", () => {
    const { data } = v.parse(NftsResponseSchema, {
      data: [nft('a'.repeat(128), 'c'.repeat(128), 's'.repeat(64)), nft('a'.repeat(129), 'c'.repeat(129), 's'.repeat(65))],
      next: null,
    })
    expect(data.map((item) => [item.name?.length, item.collection.name.length, item.collection.symbol.length])).toEqual([
      [128, 128, 64],
      [128, 128, 64],
    ])
  })

  it("transactions: a transfer's token name, symbol and NFT name are cut the same way", () => {
    const { data } = v.parse(TransactionsResponseSchema, { data: [transaction('n'.repeat(129), 's'.repeat(65), 'a'.repeat(200))], next: null })
    const [fungible, collectible] = data[0]!.transfers
    expect([fungible!.fungible_info?.name.length, fungible!.fungible_info?.symbol.length, collectible!.nft_info?.name?.length]).toEqual([128, 64, 128])
  })

  it("a refusal's message shown to the visitor: 500 characters kept, 501 cut to 500", () => {
    expect(v.parse(ApiErrorSchema, { reason: 'BAD_NAME', message: 'm'.repeat(500) }).message).toHaveLength(500)
    expect(v.parse(ApiErrorSchema, { reason: 'BAD_NAME', message: 'm'.repeat(501) }).message).toHaveLength(500)
  })
})

describe('account names are refused when longer than 255 characters (a cut name would be someone else’s)', () => {
  it('identity, name record and suggestions: 255 read, 256 refused', () => {
    const name = (length: number) => `${'n'.repeat(length - 4)}.eth`
    expect(v.parse(IdentityResponseSchema, { name: name(255), avatar: null }).name).toBe(name(255))
    expect(v.safeParse(IdentityResponseSchema, { name: name(256), avatar: null }).success).toBe(false)
    expect(v.parse(NameRecordSchema, { name: name(255), addresses: {} }).name).toBe(name(255))
    expect(v.safeParse(NameRecordSchema, { name: name(256), addresses: {} }).success).toBe(false)
    expect(v.safeParse(NameSuggestionsResponseSchema, { suggestions: [{ name: name(255), registered: false }] }).success).toBe(true)
    expect(v.safeParse(NameSuggestionsResponseSchema, { suggestions: [{ name: name(256), registered: false }] }).success).toBe(false)
  })
})
