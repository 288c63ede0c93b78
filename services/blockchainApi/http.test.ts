import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../../kernel/errors/base.ts'
import { ErrorText } from '../../kernel/errors/catalogue.ts'
import { createMemoryBackend, createStorage } from '../../kernel/storage/storage.ts'
import { BlockchainApiErrorText } from './errors.ts'
import { createHttpBlockchainApi } from './http.ts'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

/**
 * A local server speaking the Blockchain API's HTTP format, answering what each test
 * puts in `answers` (path -> status and body), and recording the requests it got.
 */
let server: Server
let baseUrl: string
const answers = new Map<string, { status: number; body: string }>()
const requests: URL[] = []

const answer = (path: string, body: unknown, status = 200) => answers.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body) })

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(url)
    const found = answers.get(url.pathname) ?? { status: 404, body: JSON.stringify({ reason: 'NOT_FOUND', message: 'none' }) }
    response.writeHead(found.status, { 'content-type': 'application/json' }).end(found.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(() => new Promise<void>((done) => server.close(() => done())))

afterEach(() => {
  answers.clear()
  requests.length = 0
  vi.useRealTimers()
})

const rejection = async (promise: Promise<unknown>): Promise<PorticoError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PorticoError)
  return error as PorticoError
}

const BALANCE = {
  name: 'Tether',
  symbol: 'USDT',
  chainId: 'eip155:31337',
  address: '0x00000000000000000000000000000000000000a6',
  value: 1.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1.5' },
  iconUrl: 'https://example.com/usdt.png',
}

const TRANSACTION = {
  id: 'eip155:31337:0xabc',
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    minedAt: '2026-05-04T10:00:00.000Z',
    sentFrom: ADDRESS,
    sentTo: '0x00000000000000000000000000000000000000bb',
    status: 'confirmed',
    chain: 'eip155:31337',
  },
  transfers: [{ direction: 'out', fungible_info: { name: 'Tether', symbol: 'USDT' }, quantity: { numeric: '1.5', decimals: '6' } }],
}

describe('HTTP Blockchain API client', () => {
  it('balances: GET v1/balance/{address}?chainId=&currency=usd, parsed', async () => {
    answer(`/v1/balance/${ADDRESS}`, { balances: [BALANCE] })
    const api = createHttpBlockchainApi({ baseUrl })
    expect(await api.balances({ address: ADDRESS, chainId: 'eip155:31337' })).toEqual([BALANCE])
    expect(requests[0]?.searchParams.get('chainId')).toBe('eip155:31337')
    expect(requests[0]?.searchParams.get('currency')).toBe('usd')
  })

  it('transactions: the cursor goes out, the next one comes back', async () => {
    answer(`/v1/account/${ADDRESS}/history`, { data: [TRANSACTION], next: 'page-3' })
    const api = createHttpBlockchainApi({ baseUrl })
    const page = await api.transactions({ address: ADDRESS, chainId: 'eip155:31337', cursor: 'page-2' })
    expect(page).toEqual({ data: [TRANSACTION], next: 'page-3' })
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ chainId: 'eip155:31337', cursor: 'page-2' })
  })

  it('transactions with onramp=coinbase: the parameter goes out and the request is no-cache (SPEC §7); without it, the default cache', async () => {
    answer(`/v1/account/${ADDRESS}/history`, { data: [], next: null })
    const modes: (RequestCache | undefined)[] = []
    const api = createHttpBlockchainApi({
      baseUrl,
      fetch: (input, init) => {
        modes.push(init?.cache)
        return fetch(input, init)
      },
    })
    await api.transactions({ address: ADDRESS, chainId: 'eip155:31337', onramp: 'coinbase' })
    await api.transactions({ address: ADDRESS, chainId: 'eip155:31337' })
    expect(modes).toEqual(['no-cache', undefined])
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ chainId: 'eip155:31337', onramp: 'coinbase' })
    expect(requests[1]!.searchParams.has('onramp')).toBe(false)
  })

  it('nfts: one page with its cursor', async () => {
    const nft = {
      chainId: 'eip155:31337',
      address: '0x00000000000000000000000000000000000000cc',
      tokenId: '7',
      collection: { name: 'Cats', symbol: 'CAT' },
      flags: { is_spam: false },
    }
    answer(`/v1/account/${ADDRESS}/nfts`, { data: [nft], next: null })
    expect(await createHttpBlockchainApi({ baseUrl }).nfts({ address: ADDRESS, chainId: 'eip155:31337' })).toEqual({ data: [nft], next: null })
  })

  it.each([
    ['a balance without its quantity', `/v1/balance/${ADDRESS}`, { balances: [{ ...BALANCE, quantity: undefined }] }, 'balances: balances.0.quantity'],
    ['a price as a string', `/v1/balance/${ADDRESS}`, { balances: [{ ...BALANCE, price: '1' }] }, 'balances: balances.0.price'],
    [
      'an amount that is not a decimal',
      `/v1/balance/${ADDRESS}`,
      { balances: [{ ...BALANCE, quantity: { decimals: '6', numeric: '1e3' } }] },
      'balances: balances.0.quantity.numeric',
    ],
    [
      'an unknown operation type',
      `/v1/account/${ADDRESS}/history`,
      { data: [{ ...TRANSACTION, metadata: { ...TRANSACTION.metadata, operationType: 'rugpull' } }], next: null },
      'transactions: data.0.metadata.operationType',
    ],
    ['a transaction page without next', `/v1/account/${ADDRESS}/history`, { data: [] }, 'transactions: next'],
    [
      'a mined date that is not ISO',
      `/v1/account/${ADDRESS}/history`,
      { data: [{ ...TRANSACTION, metadata: { ...TRANSACTION.metadata, minedAt: 'yesterday' } }], next: null },
      'transactions: data.0.metadata.minedAt',
    ],
    ['an answer that is not JSON', `/v1/balance/${ADDRESS}`, '<html>oops</html>', 'balances: not JSON'],
  ])('a malformed answer is rejected by its schema: %s', async (_label, path, body, details) => {
    answer(path, body)
    const api = createHttpBlockchainApi({ baseUrl })
    const call = path.endsWith('/history') ? api.transactions({ address: ADDRESS, chainId: 'eip155:31337' }) : api.balances({ address: ADDRESS, chainId: 'eip155:31337' })
    const error = await rejection(call)
    expect(error.shortMessage).toBe(BlockchainApiErrorText.MALFORMED_ANSWER)
    expect(error.details).toContain(details)
  })

  it("a non-OK status rejects with 'HTTP status code: N'", async () => {
    answer(`/v1/account/${ADDRESS}/history`, { reason: 'BOOM', message: 'down' }, 500)
    const error = await rejection(createHttpBlockchainApi({ baseUrl }).transactions({ address: ADDRESS, chainId: 'eip155:31337' }))
    expect(error.shortMessage).toBe('HTTP status code: 500')
  })

  it('identity is cached 5 min in the kit storage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    answer(`/v1/identity/${ADDRESS}`, { name: 'alice.eth', avatar: null })
    const api = createHttpBlockchainApi({ baseUrl, storage: createStorage(createMemoryBackend(), () => undefined) })
    const ask = () => api.identity({ address: ADDRESS, chainId: 'eip155:1' })
    expect(await ask()).toEqual({ name: 'alice.eth', avatar: null })
    vi.advanceTimersByTime(5 * 60_000)
    await ask()
    expect(requests).toHaveLength(1)
    vi.advanceTimersByTime(1)
    await ask()
    expect(requests).toHaveLength(2)
  })

  it('names: lookups are cached 5 min (ENS cache); an unknown name (404) is undefined', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const record = { name: 'alice.eth', addresses: { 'eip155:1': { chainId: 'eip155:1', address: ADDRESS } } }
    answer('/v1/profile/account/alice.eth', record)
    const api = createHttpBlockchainApi({ baseUrl, storage: createStorage(createMemoryBackend(), () => undefined) })
    expect(await api.lookupName('alice.eth')).toEqual(record)
    vi.advanceTimersByTime(5 * 60_000)
    expect(await api.lookupName('alice.eth')).toEqual(record)
    expect(requests).toHaveLength(1)
    vi.advanceTimersByTime(1)
    await api.lookupName('alice.eth')
    expect(requests).toHaveLength(2)
    expect(await api.lookupName('nobody.eth')).toBeUndefined()
  })

  it('a cached identity edited in storage is asked again, not trusted', async () => {
    const storage = createStorage(createMemoryBackend(), () => undefined)
    storage.setCached('identityCache', `eip155:1:${ADDRESS}`, { name: 7, avatar: null } as never)
    answer(`/v1/identity/${ADDRESS}`, { name: 'alice.eth', avatar: null })
    expect(await createHttpBlockchainApi({ baseUrl, storage }).identity({ address: ADDRESS, chainId: 'eip155:1' })).toEqual({
      name: 'alice.eth',
      avatar: null,
    })
  })

  it("name failures carry the spec's texts", async () => {
    answer('/v1/profile/account/bad.eth', { reason: 'BAD', message: 'bad' }, 400)
    answer(`/v1/profile/reverse/${ADDRESS}`, { not: 'a list' })
    answer('/v1/profile/suggestions/ali', { suggestions: 'none' })
    const api = createHttpBlockchainApi({ baseUrl })
    // SPEC §8: the API's first reason text when it gave one, else 'Error resolving name'.
    expect((await rejection(api.lookupName('bad.eth'))).shortMessage).toBe('bad')
    answer('/v1/profile/account/odd.eth', { name: 7 })
    expect((await rejection(api.lookupName('odd.eth'))).shortMessage).toBe('Error resolving name')
    expect((await rejection(api.reverseLookup(ADDRESS))).shortMessage).toBe('Error fetching names for address')
    expect((await rejection(api.suggestNames('ali'))).shortMessage).toBe(ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS)
  })

  it('an unreachable server rejects (no crash)', async () => {
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((done) => closed.close(() => done()))
    const api = createHttpBlockchainApi({ baseUrl: `http://127.0.0.1:${port}/` })
    await expect(api.balances({ address: ADDRESS, chainId: 'eip155:1' })).rejects.toBeInstanceOf(Error)
  })
})
