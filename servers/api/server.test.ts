import { type Address, getAddress, parseEther, parseUnits } from 'viem'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorSchema,
  BalancesResponseSchema,
  BlockchainApiPaths,
  IdentityResponseSchema,
  NameSuggestionsResponseSchema,
  NftsResponseSchema,
  ReverseNamesResponseSchema,
  TransactionsResponseSchema,
} from '../../protocol/api/index.ts'
import { HARDHAT_ACCOUNTS } from '../../demo/peers/accounts.mjs'
import { DEMO_COLLECTIBLE, DEMO_PRICES, DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import type { HardhatNode } from '../../test/peers/hardhat.ts'
import { type Postgres, startPostgres } from '../../test/peers/postgres.mjs'
import { type Database, openDatabase } from '../db/index.ts'
import { type ApiServer, fixedPrices, startApiServer } from './index.ts'
import { erc20Transfer, freePort, get, hardhatWithTokens, nftTransfer, send, untilIndexed } from './test/chain.ts'

// The Blockchain API against a real Hardhat node holding the demo's tokens, on PGlite and on
// a real PostgreSQL: what each path answers (parsed with protocol/api's schemas, as the client
// parses it), and what it refuses.

const CHAIN = 'eip155:31337'
const [DEMO, DUSD, DPTS] = DEMO_TOKENS
const alice = HARDHAT_ACCOUNTS[0].address
const bob = HARDHAT_ACCOUNTS[1].address
/** Where this server's Coinbase delivers purchases from. */
const coinbase = HARDHAT_ACCOUNTS[7]!.address
const APP = 'http://127.0.0.1:5173'

interface Backend {
  name: string
  open(): Promise<{ db: Database; location: { db: Database }; stop(): Promise<void> }>
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const opened = await openDatabase({ memory: true })
      return { db: opened.db, location: { db: opened.db }, stop: () => opened.close() }
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const postgres: Postgres = await startPostgres()
      const opened = await openDatabase({ url: postgres.url })
      return {
        db: opened.db,
        location: { db: opened.db },
        async stop() {
          await opened.close()
          await postgres.stop()
        },
      }
    },
  },
]

describe.each(backends)('Blockchain API on $name', (backend) => {
  let node: HardhatNode
  let env: Awaited<ReturnType<Backend['open']>>
  let server: ApiServer
  const api = (path: string) => get(server.url, path)

  beforeAll(async () => {
    ;[node, env] = await Promise.all([hardhatWithTokens(), backend.open()])
    server = await startApiServer({
      database: env.location,
      chains: [{ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 100 }],
      prices: fixedPrices(DEMO_PRICES),
      origins: [APP],
      onrampSenders: { coinbase: [coinbase.toLowerCase()] },
      log: () => undefined,
    })
    await untilIndexed(env.db, node.url)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await env?.stop()
    await node?.stop()
  })

  it('lists the native balance first, then the tokens the account moved, read from the chain and priced', async () => {
    const { status, body } = await api(`${BlockchainApiPaths.balances(alice)}?chainId=${CHAIN}`)
    expect(status).toBe(200)
    const { balances } = v.parse(BalancesResponseSchema, body)
    expect(balances[0]).toMatchObject({ name: 'Ether', symbol: 'ETH', chainId: CHAIN, price: 3000 })
    expect(balances[0]!.address).toBeUndefined()
    const bySymbol = Object.fromEntries(balances.slice(1).map((balance) => [balance.symbol, balance]))
    expect(bySymbol.DEMO).toEqual({
      name: 'Demo Token',
      symbol: 'DEMO',
      chainId: CHAIN,
      address: DEMO.address,
      quantity: { decimals: '18', numeric: '1000' },
      price: 2.5,
      value: 2500,
      iconUrl: '',
    })
    expect(bySymbol.DUSD).toMatchObject({ address: DUSD.address, quantity: { decimals: '6', numeric: '1000' }, price: 1, value: 1000 })
    // The server lists the zero-decimal token; wallets' lists leave it out (SPEC §5).
    expect(bySymbol.DPTS).toMatchObject({ address: DPTS.address, quantity: { decimals: '0', numeric: '500' }, price: 0.1, value: 50 })
    // By value, highest first, after the native balance.
    expect(balances.slice(1).map((balance) => balance.symbol)).toEqual(['DEMO', 'DUSD', 'DPTS'])
  })

  it("an on-ramp provider's delivery is a 'buy'; ?onramp=coinbase lists its purchases alone, ?onramp=meld (no sender configured) none", async () => {
    const buyer = getAddress(`0x${'7'.repeat(38)}01`)
    const bought = await send(node.url, { from: coinbase, to: buyer, value: parseEther('0.05') })
    const received = await send(node.url, { from: alice, to: buyer, value: parseEther('0.01') })
    // The provider's account sending elsewhere is not a purchase of the buyer's.
    await send(node.url, { from: coinbase, to: bob, value: parseEther('0.02') })
    await untilIndexed(env.db, node.url)

    const all = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(buyer)}?chainId=${CHAIN}`)).body)
    expect(all.data.map((tx) => [tx.metadata.hash, tx.metadata.operationType])).toEqual([
      [received, 'receive'],
      [bought, 'buy'],
    ])
    expect(all.data[1]!.transfers).toEqual([
      { direction: 'in', fungible_info: { name: 'Ether', symbol: 'ETH' }, quantity: { numeric: '0.05', decimals: '18' }, price: 3000, value: 150 },
    ])
    const coinbaseOnly = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(buyer)}?chainId=${CHAIN}&onramp=coinbase`)).body)
    expect(coinbaseOnly).toEqual({ data: [all.data[1]], next: null })
    expect((await api(`${BlockchainApiPaths.transactions(buyer)}?chainId=${CHAIN}&onramp=meld`)).body).toEqual({ data: [], next: null })
    // The provider's own history: its deliveries are sends, not purchases.
    const sender = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(coinbase)}?chainId=${CHAIN}`)).body)
    expect(sender.data.find((tx) => tx.metadata.hash === bought)?.metadata.operationType).toBe('send')
  })

  it('accepts an address in any case and answers in checksummed form', async () => {
    const { body } = await api(`${BlockchainApiPaths.balances(alice.toLowerCase())}?chainId=${CHAIN}&currency=usd`)
    expect(v.parse(BalancesResponseSchema, body).balances.map((balance) => balance.symbol)).toEqual(['ETH', 'DEMO', 'DUSD', 'DPTS'])
  })

  it("shows a 6-decimal transfer and a native one in both accounts' history, newest first, with direction, quantity and value", async () => {
    const fresh = getAddress(`0x${'5'.repeat(38)}01`)
    const tokenHash = await send(node.url, { from: alice, to: DUSD.address, data: erc20Transfer(fresh, parseUnits('1.5', 6)) })
    const nativeHash = await send(node.url, { from: alice, to: fresh, value: parseEther('0.25') })
    await untilIndexed(env.db, node.url)

    const received = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(fresh)}?chainId=${CHAIN}`)).body)
    expect(received.next).toBeNull()
    expect(received.data.map((tx) => tx.metadata.hash)).toEqual([nativeHash, tokenHash])
    const [native, token] = received.data
    expect(native).toMatchObject({
      id: `${CHAIN}:${nativeHash}`,
      metadata: { operationType: 'receive', hash: nativeHash, sentFrom: alice, sentTo: fresh, status: 'confirmed', chain: CHAIN },
      transfers: [{ direction: 'in', fungible_info: { name: 'Ether', symbol: 'ETH' }, quantity: { numeric: '0.25', decimals: '18' }, price: 3000, value: 750 }],
    })
    expect(token).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: alice, sentTo: DUSD.address },
      transfers: [{ direction: 'in', fungible_info: { name: 'Demo Dollar', symbol: 'DUSD' }, quantity: { numeric: '1.5', decimals: '6' }, price: 1, value: 1.5 }],
    })
    expect(Date.now() - Date.parse(native!.metadata.minedAt)).toBeLessThan(120_000)

    const sent = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}`)).body)
    expect(sent.data[0]).toMatchObject({ metadata: { operationType: 'send', hash: nativeHash }, transfers: [{ direction: 'out', quantity: { numeric: '0.25' } }] })
    expect(sent.data[1]).toMatchObject({ metadata: { operationType: 'send', hash: tokenHash }, transfers: [{ direction: 'out', quantity: { numeric: '1.5' } }] })

    const balances = v.parse(BalancesResponseSchema, (await api(`${BlockchainApiPaths.balances(fresh)}?chainId=${CHAIN}`)).body).balances
    expect(balances.map((balance) => [balance.symbol, balance.quantity.numeric])).toEqual([
      ['ETH', '0.25'],
      ['DUSD', '1.5'],
    ])
  })

  it('marks a transfer to oneself as self, and leaves out the value of a reverted transaction', async () => {
    const selfHash = await send(node.url, { from: bob, to: DEMO.address, data: erc20Transfer(bob, parseUnits('2', 18)) })
    // More than bob holds: the token reverts, and the ETH sent with the call goes nowhere.
    const failed = await send(node.url, { from: bob, to: DEMO.address, value: 1n, data: erc20Transfer(alice, parseUnits('5000', 18)) }).catch((error: Error) => error)
    expect(failed).toBeInstanceOf(Error)
    await untilIndexed(env.db, node.url)
    const history = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(bob)}?chainId=${CHAIN}`)).body)
    expect(history.data[0]).toMatchObject({ metadata: { operationType: 'send', hash: selfHash }, transfers: [{ direction: 'self', quantity: { numeric: '2' } }] })
    expect(history.data.filter((tx) => tx.metadata.sentTo === DEMO.address && tx.transfers.some((t) => t.fungible_info?.symbol === 'ETH'))).toEqual([])
  })

  it('lists the NFTs an account holds now, and moves one with its transfer', async () => {
    const nfts = async (owner: Address) => v.parse(NftsResponseSchema, (await api(`${BlockchainApiPaths.nfts(owner)}?chainId=${CHAIN}`)).body)
    expect((await nfts(alice)).data.map((nft) => nft.tokenId)).toEqual(['1', '2'])
    expect((await nfts(alice)).data[0]).toEqual({
      chainId: CHAIN,
      address: DEMO_COLLECTIBLE.address,
      tokenId: '1',
      collection: { name: 'Demo Art', symbol: 'DART' },
      flags: { is_spam: false },
    })
    const hash = await send(node.url, { from: alice, to: DEMO_COLLECTIBLE.address, data: nftTransfer(alice, bob, 2n) })
    await untilIndexed(env.db, node.url)
    expect((await nfts(alice)).data.map((nft) => nft.tokenId)).toEqual(['1'])
    expect((await nfts(bob)).data.map((nft) => nft.tokenId)).toEqual(['2', '3'])
    const history = v.parse(TransactionsResponseSchema, (await api(`${BlockchainApiPaths.transactions(bob)}?chainId=${CHAIN}`)).body)
    expect(history.data[0]).toMatchObject({
      metadata: { operationType: 'receive', hash },
      transfers: [{ direction: 'in', nft_info: { name: 'Demo Art #2', flags: { is_spam: false } }, quantity: { numeric: '1', decimals: '0' } }],
    })
  })

  // Registration and a filled registry: names.test.ts.
  it('answers identity and names from an empty registry, correctly shaped', async () => {
    expect(v.parse(IdentityResponseSchema, (await api(`${BlockchainApiPaths.identity(alice)}?chainId=${CHAIN}`)).body)).toEqual({ name: null, avatar: null })
    const missing = await api(BlockchainApiPaths.lookupName('alice.portico'))
    expect(missing.status).toBe(404)
    expect(v.parse(ApiErrorSchema, missing.body).reason).toBe('NOT_FOUND')
    expect(v.parse(ReverseNamesResponseSchema, (await api(BlockchainApiPaths.reverseLookup(alice))).body)).toEqual([])
    // Nothing is taken: the name itself and three alternatives, all free.
    expect(v.parse(NameSuggestionsResponseSchema, (await api(BlockchainApiPaths.suggestNames('alice'))).body)).toEqual({
      suggestions: ['alice', 'alice-1', 'alice-2', 'alice-3'].map((name) => ({ name, registered: false })),
    })
  })

  it('refuses bad requests with a 400 and a reason, never a 500', async () => {
    const cases: [string, number, string][] = [
      [BlockchainApiPaths.balances(alice), 400, 'BAD_CHAIN_ID'],
      [`${BlockchainApiPaths.balances(alice)}?chainId=31337`, 400, 'BAD_CHAIN_ID'],
      [`${BlockchainApiPaths.balances(alice)}?chainId=eip155:1`, 400, 'UNSUPPORTED_CHAIN'],
      [`${BlockchainApiPaths.balances(alice)}?chainId=${CHAIN}&currency=eur`, 400, 'BAD_CURRENCY'],
      [`${BlockchainApiPaths.balances('0x1234')}?chainId=${CHAIN}`, 400, 'BAD_ADDRESS'],
      [`${BlockchainApiPaths.balances('vines1vzrN9oBbQEwvQ5Xt9C4Q7sp9kJBEJyVkf3x2Q')}?chainId=${CHAIN}`, 400, 'BAD_ADDRESS'],
      [`${BlockchainApiPaths.balances(`0x${'g'.repeat(40)}`)}?chainId=${CHAIN}`, 400, 'BAD_ADDRESS'],
      [`v1/balance/%E0%A4%A?chainId=${CHAIN}`, 400, 'BAD_ADDRESS'],
      [`${BlockchainApiPaths.balances('a'.repeat(300))}?chainId=${CHAIN}`, 400, 'BAD_ADDRESS'],
      [`${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}&cursor=not-a-cursor`, 400, 'BAD_CURSOR'],
      [`${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}&cursor=${Buffer.from('["1","x"]').toString('base64url')}`, 400, 'BAD_CURSOR'],
      [`${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}&cursor=a%20b`, 400, 'BAD_CURSOR'],
      [`${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}&onramp=moonpay`, 400, 'BAD_ONRAMP'],
      [`${BlockchainApiPaths.nfts(alice)}?chainId=${CHAIN}&cursor=${Buffer.from('[1,2]').toString('base64url')}`, 400, 'BAD_CURSOR'],
      [`${BlockchainApiPaths.identity(alice)}`, 400, 'BAD_CHAIN_ID'],
      [BlockchainApiPaths.lookupName('no spaces'), 400, 'BAD_NAME'],
      [BlockchainApiPaths.suggestNames('x'.repeat(300)), 400, 'BAD_NAME'],
      [BlockchainApiPaths.reverseLookup('nobody'), 400, 'BAD_ADDRESS'],
      ['v1/nothing-here', 404, 'NOT_FOUND'],
    ]
    for (const [path, status, reason] of cases) {
      const answer = await api(path)
      expect({ path, status: answer.status, reason: v.parse(ApiErrorSchema, answer.body).reason }).toEqual({ path, status, reason })
    }
    const { body } = await api(`${BlockchainApiPaths.balances(alice)}?chainId=31337`)
    expect(v.parse(ApiErrorSchema, body).message).toBe('chainId: must be a CAIP-2 network id such as eip155:1')
  })

  it('lets only the listed origins read it from a browser', async () => {
    const path = `${BlockchainApiPaths.balances(alice)}?chainId=${CHAIN}`
    expect((await get(server.url, path, { origin: APP })).headers.get('access-control-allow-origin')).toBe(APP)
    expect((await get(server.url, path, { origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${server.url}/${path}`, { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP)
  })

  it('answers 503 CHAIN_UNAVAILABLE for balances when the node does not answer', async () => {
    const deadPort = await freePort()
    const second = await startApiServer({
      database: env.location,
      chains: [{ chainId: 'eip155:31338', rpcUrl: `http://127.0.0.1:${deadPort}` }],
      origins: [],
      index: false,
    })
    try {
      const answer = await get(second.url, `${BlockchainApiPaths.balances(alice)}?chainId=eip155:31338`)
      expect(answer.status).toBe(503)
      expect(v.parse(ApiErrorSchema, answer.body).reason).toBe('CHAIN_UNAVAILABLE')
    } finally {
      await second.close()
    }
  })
})
