import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage } from '../../../protocol/siwx/index.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1 } from '../../../test/peers/hardhat.ts'
import { SiwxError, SiwxErrorText } from './errors.ts'
import { serverSiwx } from './server.ts'

// serverSiwx on the wire: a local node:http server that speaks the siwx server's API
// (GET nonce, POST verify with a session cookie back, GET session, POST signout; 4xx
// { reason, detail } on refusal) and can also answer what the real server never does
// (bad JSON, a short nonce, no server at all). The flow against servers/siwx itself is
// in plugins/siwx/siwx.test.tsx. The message is signed with a real key, and what
// reached the server verifies with viem.
const g = globalThis as { location?: { host: string; origin: string } }
g.location ??= { host: 'app.example', origin: 'https://app.example' }

type Handler = (method: string, path: string, body: unknown, cookie: string | undefined) => { status: number; json?: unknown; cookie?: string }
let server: Server
let base: string
let handler: Handler
const requests: { method: string; path: string }[] = []
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    requests.push({ method: req.method!, path: req.url! })
    const answer = handler(req.method!, req.url!, raw ? JSON.parse(raw) : undefined, req.headers.cookie)
    res.writeHead(answer.status, {
      ...(answer.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(answer.cookie ? { 'set-cookie': answer.cookie } : {}),
    })
    res.end(answer.json === undefined ? undefined : typeof answer.json === 'string' ? answer.json : JSON.stringify(answer.json))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siwx`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('serverSiwx on the wire', () => {
  let jar: string | undefined
  const inits: RequestInit[] = []
  /** fetch with a cookie jar, as a browser keeps one for credentials: 'include'. */
  const browserFetch: typeof fetch = async (input, init = {}) => {
    inits.push(init)
    const response = await fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...(jar ? { cookie: jar } : {}) } })
    const set = response.headers.get('set-cookie')
    if (set) jar = /Max-Age=0/.test(set) ? undefined : set.split(';')[0]
    return response
  }

  // The backend: single-use nonces and cookie sessions.
  const nonces = new Set<string>()
  const sessions = new Map<string, { id: string; address: string; chainId: string; domain: string; issuedAt: string; expiresAt: string }>()
  const verified: { message: string; signature: string }[] = []
  beforeEach(() => {
    jar = undefined
    inits.length = 0
    requests.length = 0
    let count = 0
    handler = (method, path, body, cookie) => {
      const token = cookie?.match(/siwx=([^;]+)/)?.[1]
      if (method === 'GET' && path === '/siwx/nonce') {
        const nonce = `nonce${++count}abcdefgh`
        nonces.add(nonce)
        return { status: 200, json: { nonce } }
      }
      if (method === 'POST' && path === '/siwx/verify') {
        const { message, signature } = body as { message: string; signature: string }
        verified.push({ message, signature })
        const fields = parseSiwxMessage(message)
        if (!nonces.delete(fields.nonce)) return { status: 400, json: { reason: 'NONCE_REPLAYED', detail: `nonce ${fields.nonce} was used or never issued` } }
        const id = `s${sessions.size + 1}`
        const session = { id, address: fields.accountAddress, chainId: fields.chainId, domain: fields.domain, issuedAt: fields.issuedAt, expiresAt: '2099-01-01T00:00:00.000Z' }
        sessions.set(id, session)
        return { status: 200, json: { session }, cookie: `siwx=${id}; HttpOnly; SameSite=Lax; Path=/` }
      }
      if (method === 'GET' && path === '/siwx/session') return { status: 200, json: { session: (token && sessions.get(token)) ?? null } }
      if (method === 'POST' && path === '/siwx/signout') {
        if (token) sessions.delete(token)
        return { status: 204, cookie: 'siwx=; Max-Age=0; Path=/' }
      }
      return { status: 404, json: { reason: 'MALFORMED', detail: 'no such route' } }
    }
  })

  const account = privateKeyToAccount(HARDHAT_ACCOUNT_0.privateKey as Hex)
  const chainId = 'eip155:31337'

  it('nonce -> message for this page -> verify (cookie) -> session -> signout: every request carries credentials include', async () => {
    const store = serverSiwx({ url: `${base}/`, statement: 'Sign in to Example', fetch: browserFetch })
    const data = await store.createMessage({ accountAddress: account.address, chainId })
    expect(data).toMatchObject({ nonce: 'nonce1abcdefgh', domain: 'app.example', uri: 'https://app.example', statement: 'Sign in to Example', chainId, version: '1' })
    expect(await store.getSessions(chainId, account.address)).toEqual([])

    const message = formatSiwxMessage(data)
    const signature = await account.signMessage({ message })
    await store.addSession({ data, message, signature })
    expect(await verifyMessage({ address: account.address, message: verified[0]!.message, signature: verified[0]!.signature as Hex })).toBe(true)
    expect(jar).toBe('siwx=s1')

    const [session] = await store.getSessions(chainId, account.address.toLowerCase())
    expect(session?.data).toMatchObject({ accountAddress: account.address, chainId, domain: 'app.example', expirationTime: '2099-01-01T00:00:00.000Z' })
    // Another account or chain has no session here.
    expect(await store.getSessions(chainId, HARDHAT_ACCOUNT_1.address)).toEqual([])
    expect(await store.getSessions('eip155:1', account.address)).toEqual([])

    await store.revokeSession(chainId, account.address)
    expect(jar).toBeUndefined()
    expect(await store.getSessions(chainId, account.address)).toEqual([])
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /siwx/nonce',
      'GET /siwx/session',
      'POST /siwx/verify',
      'GET /siwx/session',
      'GET /siwx/session',
      'GET /siwx/session',
      'POST /siwx/signout',
      'GET /siwx/session',
    ])
    expect(inits.every((init) => init.credentials === 'include')).toBe(true)
  })

  it("a refusal is a SiwxError with the server's reason and detail (a replayed nonce)", async () => {
    const store = serverSiwx({ url: base, fetch: browserFetch })
    const data = await store.createMessage({ accountAddress: account.address, chainId })
    const message = formatSiwxMessage(data)
    const signature = await account.signMessage({ message })
    await store.addSession({ data, message, signature })
    const error = await store.addSession({ data, message, signature }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiwxError)
    expect(error).toMatchObject({ shortMessage: SiwxErrorText.REFUSED, reason: 'NONCE_REPLAYED', details: 'nonce nonce1abcdefgh was used or never issued' })
  })

  it('answers that do not pass the schema are BAD_RESPONSE, never used: a short nonce, a session without expiry, non-JSON, an error without a reason', async () => {
    const store = serverSiwx({ url: base, fetch: browserFetch })
    const answers: ReturnType<Handler>[] = [
      { status: 200, json: { nonce: 'short' } },
      { status: 200, json: { session: { id: 's', address: account.address, chainId, domain: 'app.example', issuedAt: '2026-01-01T00:00:00.000Z' } } },
      { status: 200, json: '<html>not json</html>' },
      { status: 500, json: '<html>oops</html>' },
    ]
    const calls = [
      () => store.createMessage({ accountAddress: account.address, chainId }),
      () => store.getSessions(chainId, account.address),
      () => store.createMessage({ accountAddress: account.address, chainId }),
      () => store.addSession({ data: {} as never, message: 'm', signature: '0x01' }),
    ]
    for (const [i, answer] of answers.entries()) {
      handler = () => answer
      const error = await calls[i]!().catch((e: unknown) => e)
      expect(error, `answer ${i}`).toBeInstanceOf(SiwxError)
      expect((error as SiwxError).reason, `answer ${i}`).toBe('BAD_RESPONSE')
    }
  })

  it('caps what the server sends: a nonce of 8 to 128 characters, session fields of 512, a refusal reason of 64 and a detail of 2000', async () => {
    const store = serverSiwx({ url: base, fetch: browserFetch })
    const outcome = async (answer: ReturnType<Handler>, call: () => Promise<unknown>) => {
      handler = () => answer
      return call().then(
        () => 'kept',
        (error: unknown) => (error as SiwxError).reason,
      )
    }
    const nonce = (text: string) => outcome({ status: 200, json: { nonce: text } }, () => store.createMessage({ accountAddress: account.address, chainId }))
    expect([await nonce('n'.repeat(7)), await nonce('n'.repeat(8)), await nonce('n'.repeat(128)), await nonce('n'.repeat(129))]).toEqual([
      'BAD_RESPONSE',
      'kept',
      'kept',
      'BAD_RESPONSE',
    ])
    const session = (id: string) =>
      outcome(
        {
          status: 200,
          json: { session: { id, address: account.address, chainId, domain: 'app.example', issuedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z' } },
        },
        () => store.getSessions(chainId, account.address),
      )
    expect([await session('i'.repeat(512)), await session('i'.repeat(513))]).toEqual(['kept', 'BAD_RESPONSE'])
    const refusal = (reason: string, detail: string) =>
      outcome({ status: 400, json: { reason, detail } }, () => store.addSession({ data: {} as never, message: 'm', signature: '0x01' }))
    expect([await refusal('R'.repeat(64), 'd'.repeat(2000)), await refusal('R'.repeat(65), 'd'), await refusal('R', 'd'.repeat(2001))]).toEqual([
      'R'.repeat(64),
      'BAD_RESPONSE',
      'BAD_RESPONSE',
    ])
  })

  it('a server that cannot be reached is UNREACHABLE', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await serverSiwx({ url: `http://127.0.0.1:${port}/siwx` })
      .createMessage({ accountAddress: account.address, chainId })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SiwxError', reason: 'UNREACHABLE', shortMessage: SiwxErrorText.UNREACHABLE })
  })

  it('getRequired follows the option', () => {
    expect(serverSiwx({ url: base }).getRequired?.()).toBe(false)
    expect(serverSiwx({ url: base, required: true }).getRequired?.()).toBe(true)
  })
})
