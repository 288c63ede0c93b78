import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as realSleep } from 'node:timers/promises'
import { HttpRequestError, InvalidParamsRpcError, RpcRequestError, TimeoutError, UrlRequiredError } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../../../kernel/index.ts'
import { hardhatNetwork } from '../../../test/peers/networks.ts'
import { createRpcClients, getNativeBalance, toHttpRpcError } from './transport.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('toHttpRpcError: the four HTTP RPC errors of the catalogue', () => {
  const rpcError = new RpcRequestError({ body: {}, error: { code: -32602, message: 'bad params' }, url: 'http://x' })
  it.each([
    ['UrlRequiredError', new UrlRequiredError(), 'No URL was provided to the Transport.'],
    ['TimeoutError', new TimeoutError({ body: {}, url: 'http://x' }), 'The request took too long to respond.'],
    ['HttpRequestError', new HttpRequestError({ url: 'http://x', status: 502 }), 'HTTP request failed.'],
    ['RpcRequestError', rpcError, 'RPC Request failed.'],
    ['an RpcRequestError wrapped by viem', new InvalidParamsRpcError(rpcError), 'RPC Request failed.'],
  ])('%s -> catalogue text', (_, error, text) => {
    const mapped = toHttpRpcError(error)
    expect(mapped).toBeInstanceOf(PorticoError)
    expect((mapped as PorticoError).shortMessage).toBe(text)
    expect((mapped as PorticoError).cause).toBe(error)
  })

  it('passes other errors through unchanged', () => {
    const error = new Error('something else')
    expect(toHttpRpcError(error)).toBe(error)
    expect(toHttpRpcError('text')).toBe('text')
  })
})

/** Polls on the real clock (vi.waitFor would move the fake one), for up to 5 s. */
async function realTimeUntil(done: () => boolean): Promise<void> {
  for (const until = Date.now() + 5_000; !done(); await realSleep(20)) {
    if (Date.now() > until) throw new Error('timed out waiting on the real clock')
  }
}

describe('createRpcClients against real HTTP endpoints', () => {
  let server: Server
  let url: string
  const seen: (string | undefined)[] = []
  /** How many calls each POST to /count carried (1 for a lone call). */
  const batches: number[] = []
  /** Calls to /hang, which the stand-in accepts and never answers, and how many the client gave up on. */
  const hang = { received: 0, abandoned: 0 }

  beforeAll(async () => {
    // A stand-in node: answers every call with an RPC error, or a 500 for /down.
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        seen.push(request.url)
        if (request.url === '/hang') {
          hang.received++
          response.on('close', () => hang.abandoned++)
          return
        }
        if (request.url === '/down') return void response.writeHead(500).end('down')
        response.writeHead(200, { 'content-type': 'application/json' })
        const calls = [JSON.parse(body)].flat() as { id: number }[]
        if (request.url === '/count') batches.push(calls.length)
        const answers = calls.map(({ id }) =>
          request.url === '/count'
            ? { jsonrpc: '2.0', id, result: '0x1' }
            : request.url === '/garbage'
              ? { jsonrpc: '2.0', id, result: { balance: 'lots' } }
              : { jsonrpc: '2.0', id, error: { code: -32000, message: 'node says no' } },
        )
        response.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]))
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise<void>((done) => server.close(() => done()))
  })

  it('caches one client per CAIP network id', () => {
    const clients = createRpcClients()
    const a = clients.client(hardhatNetwork(url))
    expect(clients.client(hardhatNetwork(url))).toBe(a)
    expect(clients.client(hardhatNetwork(url, 31338))).not.toBe(a)
    clients.clear()
    expect(clients.client(hardhatNetwork(url))).not.toBe(a)
  })

  it('requests made at once go out in batches of at most 1000: 1001 reads are two POSTs, of 1000 and 1', async () => {
    const client = createRpcClients().client(hardhatNetwork(`${url}/count`))
    const reads = await Promise.all(Array.from({ length: 1001 }, () => getNativeBalance(client, ADDRESS)))
    expect(reads).toHaveLength(1001)
    expect(batches).toEqual([1000, 1])
  })

  it('a node that never answers is given up on at 10,000 ms (10 s), not a millisecond before; the call fails with the time-out text', async () => {
    // The transport is the one every adapter gets: no timeout passed here. The clock is set,
    // not waited; the node and the sockets are real, so their news is awaited for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const client = createRpcClients().client(hardhatNetwork(`${url}/hang`))
      const failure = getNativeBalance(client, ADDRESS).catch((e: unknown) => toHttpRpcError(e))
      await vi.advanceTimersByTimeAsync(9_999)
      await realTimeUntil(() => hang.received === 1)
      await realSleep(200)
      expect(hang.abandoned).toBe(0)
      await vi.advanceTimersByTimeAsync(1)
      await realTimeUntil(() => hang.abandoned === 1)
      // viem tries again after its back-off; every try gets the same 10 s.
      await vi.advanceTimersByTimeAsync(60_000)
      expect(((await failure) as PorticoError).shortMessage).toBe('The request took too long to respond.')
    } finally {
      vi.useRealTimers()
    }
  })

  it('an RPC error from the node maps to the RPC error text', async () => {
    const client = createRpcClients().client(hardhatNetwork(url))
    const error = await getNativeBalance(client, ADDRESS).catch((e: unknown) => toHttpRpcError(e))
    expect((error as PorticoError).shortMessage).toBe('RPC Request failed.')
  })

  it('a balance answer that is not a hex quantity is an RPC error, not a crash', async () => {
    const network = { ...hardhatNetwork(url), rpcUrls: { default: { http: [`${url}/garbage`] } } }
    const error = await getNativeBalance(createRpcClients().client(network), ADDRESS).catch((e: unknown) => e)
    expect((error as PorticoError).shortMessage).toBe('RPC Request failed.')
  })

  it('falls back to the next endpoint when one is down', async () => {
    const network = { ...hardhatNetwork(url), rpcUrls: { default: { http: [`${url}/down`, `${url}/up`] } } }
    seen.length = 0
    const error = await getNativeBalance(createRpcClients().client(network), ADDRESS).catch((e: unknown) => toHttpRpcError(e))
    // The second endpoint answered (with its RPC error), so the first one's 500 was not the end.
    expect((error as PorticoError).shortMessage).toBe('RPC Request failed.')
    expect(seen.slice(0, 2)).toEqual(['/down', '/up'])
  }, 15_000)

  it('maps a non-OK status on every endpoint to the HTTP status text', async () => {
    const network = { ...hardhatNetwork(url), rpcUrls: { default: { http: [`${url}/down`] } } }
    const error = await getNativeBalance(createRpcClients().client(network), ADDRESS).catch((e: unknown) => toHttpRpcError(e))
    expect((error as PorticoError).shortMessage).toBe('HTTP request failed.')
  }, 15_000)

  it('an empty url (the unsupported-network placeholder has one) maps to the no-URL text', async () => {
    const network = { ...hardhatNetwork(url), rpcUrls: { default: { http: [''] } } }
    // viem checks the url when the client is built, so creation is inside the promise too.
    const error = await Promise.resolve()
      .then(() => getNativeBalance(createRpcClients().client(network), ADDRESS))
      .catch((e: unknown) => toHttpRpcError(e))
    expect((error as PorticoError).shortMessage).toBe('No URL was provided to the Transport.')
  })
})
