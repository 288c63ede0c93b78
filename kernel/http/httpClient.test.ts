import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setImmediate as turn } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { httpStatusError } from '../errors/catalogue.ts'
import { createHttpClient } from './httpClient.ts'

interface Received {
  method: string
  path: string
  query: Record<string, string[]>
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let baseUrl: string
let received: Received[] = []

/** A real HTTP server on 127.0.0.1; routes answer what the tests need. */
function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const query: Record<string, string[]> = {}
  for (const [key, value] of url.searchParams) (query[key] ??= []).push(value)
  received.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body })

  const status = /^\/status\/(\d{3})$/.exec(url.pathname)
  if (status) {
    res.writeHead(Number(status[1]), { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'nope' }))
    return
  }
  switch (url.pathname) {
    case '/api/echo':
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ method: req.method, query: Object.fromEntries(url.searchParams), body: body ? JSON.parse(body) : null }))
      return
    case '/api/empty':
      res.writeHead(204)
      res.end()
      return
    case '/api/hang':
      // Headers never come: a server that accepted the request and went quiet.
      return
    case '/api/slow-body':
      // Headers at once, then a body that never ends.
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"partial":')
      return
    case '/api/blob':
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))
      return
    default:
      res.writeHead(404)
      res.end()
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

beforeEach(() => {
  received = []
})

const rejection = async (promise: Promise<unknown>): Promise<PorticoError> => {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('the request did not reject')
}

describe('HTTP helper against a real server', () => {
  it('GET with query params', async () => {
    const http = createHttpClient(baseUrl)
    const answer = await http.get({ path: 'echo', params: { address: '0xabc', chainId: 8453, testnet: false, skipped: undefined } })
    expect(answer).toEqual({ method: 'GET', query: { address: '0xabc', chainId: '8453', testnet: 'false' }, body: null })
    expect(received).toHaveLength(1)
    expect(received[0]!.path).toBe('/api/echo')
    expect(received[0]!.query).not.toHaveProperty('skipped')
  })

  it('POST with a JSON body', async () => {
    const http = createHttpClient(baseUrl)
    const answer = await http.post({ path: 'echo', body: { name: 'alice', n: 1 } })
    expect(answer).toEqual({ method: 'POST', query: {}, body: { name: 'alice', n: 1 } })
    expect(received[0]!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(received[0]!.body)).toEqual({ name: 'alice', n: 1 })
  })

  it('PUT with a JSON body', async () => {
    const http = createHttpClient(`${baseUrl}/`)
    expect(await http.put({ path: 'echo', params: { id: 'x' }, body: [1, 2] })).toEqual({
      method: 'PUT',
      query: { id: 'x' },
      body: [1, 2],
    })
  })

  it('DELETE', async () => {
    const http = createHttpClient(baseUrl)
    expect(await http.delete({ path: 'echo', params: { id: '7' } })).toEqual({ method: 'DELETE', query: { id: '7' }, body: null })
    expect(received[0]!.method).toBe('DELETE')
    expect(received[0]!.body).toBe('')
  })

  it('getBlob returns the bytes as a Blob', async () => {
    const http = createHttpClient(baseUrl)
    const blob = await http.getBlob({ path: 'blob' })
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.type).toBe('image/png')
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])
  })

  it('an empty answer (204) is not an error', async () => {
    const http = createHttpClient(baseUrl)
    await expect(http.post({ path: 'empty', body: {} })).resolves.toBeUndefined()
  })

  it('custom headers are sent', async () => {
    const http = createHttpClient(baseUrl)
    await http.get({ path: 'echo', headers: { 'x-sdk-version': 'html-portico-1.7.3' } })
    expect(received[0]!.headers['x-sdk-version']).toBe('html-portico-1.7.3')
  })

  it.each([400, 401, 403, 404, 429, 500, 502])("a non-OK status %i throws 'HTTP status code: N'", async (status) => {
    const http = createHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/status`)
    const path = String(status)
    const calls = [() => http.get({ path }), () => http.post({ path, body: {} }), () => http.put({ path }), () => http.delete({ path }), () => http.getBlob({ path })]
    for (const call of calls) {
      expect((await rejection(call())).shortMessage).toBe(httpStatusError(status))
    }
    expect(received.map((r) => r.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'GET'])
  })

  it("an unknown route answers 404 and throws 'HTTP status code: 404'", async () => {
    const http = createHttpClient(baseUrl)
    expect((await rejection(http.get({ path: 'missing' }))).shortMessage).toBe(httpStatusError(404))
  })

  it("a server that never answers fails after the time limit with 'The request took too long to respond.' (300 ms here)", async () => {
    const http = createHttpClient(baseUrl, undefined, { timeoutMs: 300 })
    const started = performance.now()
    const error = await rejection(http.get({ path: 'hang' }))
    const took = performance.now() - started
    expect(error.shortMessage).toBe('The request took too long to respond.')
    expect(took).toBeGreaterThanOrEqual(290)
    expect(took).toBeLessThan(2_000)
  })

  it('with no limit of its own, a request to a server that never answers fails at 10,000 ms (10 s), not a millisecond before', async () => {
    // The clock is set, not waited: only the timers are fake, the server and fetch are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const http = createHttpClient(baseUrl)
      let failure: PorticoError | undefined
      const pending = rejection(http.get({ path: 'hang' })).then((error) => (failure = error))
      await vi.advanceTimersByTimeAsync(9_999)
      await turn()
      expect(failure).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      await turn()
      expect(failure?.shortMessage).toBe('The request took too long to respond.')
      expect(failure?.details).toContain('no answer within 10000 ms')
      await pending
    } finally {
      vi.useRealTimers()
    }
  })

  it('the limit covers the body too: headers at once, then a body that never ends, fails after 300 ms', async () => {
    const http = createHttpClient(baseUrl, undefined, { timeoutMs: 300 })
    expect((await rejection(http.get({ path: 'slow-body' }))).shortMessage).toBe('The request took too long to respond.')
  })

  it('an answer within the limit is not cut; the caller aborting is an abort, not a time-out', async () => {
    const http = createHttpClient(baseUrl, undefined, { timeoutMs: 300 })
    expect(await http.get({ path: 'echo' })).toMatchObject({ method: 'GET' })
    const controller = new AbortController()
    const pending = http.get({ path: 'hang', signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
