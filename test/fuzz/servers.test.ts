import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { createApiApp } from '../../servers/api/app.ts'
import { noPrices } from '../../servers/api/prices.ts'
import { type OpenedDatabase, openDatabase } from '../../servers/db/index.ts'
import { createFrameApp } from '../../servers/frame/app.ts'
import { type Mailbox, startMailbox } from '../../servers/mailbox/mailbox.ts'
import { createSiwxServer } from '../../servers/siwx/index.ts'
import type { SiwxServer } from '../../servers/siwx/types.ts'
import { frameTestContext } from '../unit/frameContext.ts'
import { rowCounts } from '../unit/serverTables.ts'
import { casesOf, cloneableValue, hostileJsonText, hostileString, percentEncoded, valid } from './arbitraries.ts'
import { fuzz, fuzzTimeout } from './harness.ts'

// The servers' HTTP inputs (bodies, path and query parameters, cookies) through their
// Hono apps' request() and the sign-in server's handle(), on PGlite in memory and a
// local SMTP mailbox: no answer is a 500, and a 400 leaves every table as it was.
const HOST = 'http://127.0.0.1:5173'
/** The frame server's public origin: its API takes writes from its own page only. */
const FRAME = 'http://127.0.0.1:8700'

let opened: OpenedDatabase
let mailbox: Mailbox
beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  mailbox = await startMailbox()
})
afterAll(async () => {
  await mailbox?.close()
  await opened?.close()
})

it('the state compared around a refusal holds the row count of every server table', async () => {
  const counts = await rowCounts(opened.db)
  expect(Object.keys(counts)).toEqual(
    expect.arrayContaining(['frame.codes', 'frame.cooldowns', 'frame.rate_limits', 'frame.device_approvals', 'frame.users', 'siwx.nonces', 'api.names']),
  )
})

/** A body as sent: JSON of a valid, near-valid or hostile value, or text that is not JSON at all. */
const bodyText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    casesOf(value, cloneableValue).map((item) => {
      try {
        return JSON.stringify(item) ?? ''
      } catch {
        return '{"cyclic":'
      }
    }),
    hostileJsonText,
  )

/** A path or query parameter: valid-looking or hostile, percent-encoded as a browser sends it. */
const param = (validValue: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.oneof(validValue, hostileString).map((text) => percentEncoded(text.slice(0, 4096))),
    // Escapes that do not decode (a server that decodes them blindly throws URIError).
    fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%ED%A0%80', '%C0%AF'),
  )

/** What every frame route reads, a superset: each route's schema ignores the fields it does not name. */
const frameBody = fc.record({
  projectId: fc.constant('project-1'),
  hostOrigin: fc.constant(HOST),
  email: fc.constantFrom('visitor@portico.example', 'Other@Portico.Example'),
  newEmail: fc.constant('new@portico.example'),
  deviceId: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
  otp: fc.stringMatching(/^\d{6}$/),
  provider: fc.constantFrom('google', 'github', 'x'),
  binding: fc.stringMatching(/^[0-9a-f]{64}$/),
  returnUrl: fc.constant(`${HOST}/`),
  callback: fc.constant('code=abc&state=def'),
  token: fc.string({ maxLength: 40 }),
})

/** What @hono/node-server hands a route about the connection (the frame reads the client's address from it). */
const NODE_ENV = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50_000, remoteFamily: 'IPv4' } } }

type Answer = { status: number }
const noServerError = (response: Response) => {
  expect(response.status, `answered ${response.status}`).toBeLessThan(500)
  return { status: response.status }
}
const isRefusal = (result: unknown) => (result as Answer | undefined)?.status === 400

describe('frame server requests', () => {
  let app: ReturnType<typeof createFrameApp>
  beforeAll(() => {
    const context = frameTestContext({ db: opened.db, smtpUrl: mailbox.smtpUrl, publicUrl: FRAME, hostOrigins: [HOST] })
    // A fuzzed /v1/device/wait body can name an approval the /v1/email/start cases opened (fast-check
    // favours small values, so they meet): it then long-polls. One second instead of 20 keeps
    // the run within its time; the wait's own length is server.test.ts's to check, not the fuzz's.
    context.limits = { ...context.limits, deviceWaitSeconds: 1 }
    app = createFrameApp(context)
  })

  const posts = [
    '/v1/email/start',
    '/v1/email/verify',
    '/v1/email/update',
    '/v1/device/wait',
    '/v1/social/start',
    '/v1/social/connect',
    '/v1/social/callback',
    '/v1/session/refresh',
  ]
  for (const path of posts) {
    it(`POST ${path}: the body`, { timeout: fuzzTimeout() }, async () => {
      await fuzz({
        name: `frame server POST ${path} body`,
        cases: bodyText(frameBody),
        run: async (body) => noServerError(await app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: FRAME } }, NODE_ENV)),
        refuses: () => false,
        refusedWhen: isRefusal,
        state: () => rowCounts(opened.db),
      })
    })
  }

  it('GET /v1/social/callback and /frame: the query parameters', { timeout: fuzzTimeout() }, async () => {
    const query = fc.record({
      path: fc.constantFrom('/v1/social/callback', '/frame', '/v1/device/approve'),
      state: param(fc.stringMatching(/^[A-Za-z0-9_-]{10,40}$/)),
      code: param(fc.string({ maxLength: 20 })),
      projectId: param(fc.constant('project-1')),
      chainId: param(fc.constantFrom('1', '31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')),
      token: param(fc.string({ maxLength: 40 })),
    })
    await fuzz({
      name: 'frame server GET query parameters (social callback, frame page, device approval)',
      cases: query,
      run: async ({ path, state, code, projectId, chainId, token }) =>
        noServerError(await app.request(`${path}?state=${state}&code=${code}&projectId=${projectId}&chainId=${chainId}&version=4&token=${token}`, {}, NODE_ENV)),
      refuses: () => false,
      refusedWhen: isRefusal,
      state: () => rowCounts(opened.db),
    })
  })
})

describe('Blockchain API server requests', () => {
  let app: ReturnType<typeof createApiApp>
  beforeAll(() => {
    app = createApiApp({ db: opened.db, sources: new Map(), prices: noPrices, pageSize: 20, onrampSenders: {} }, [HOST])
  })

  it('POST /v1/profile/account: the registration body', { timeout: fuzzTimeout() }, async () => {
    const registration = fc.record({
      coinType: fc.constantFrom(60, 0x80007a69),
      address: valid.evmAddress,
      signature: fc.stringMatching(/^0x[0-9a-f]{130}$/),
      message: fc
        .record({ name: fc.stringMatching(/^[a-z0-9-]{4,20}$/), attributes: fc.constant({}), timestamp: fc.constant(Math.floor(Date.now() / 1000)) })
        .map((m) => JSON.stringify(m)),
    })
    await fuzz({
      name: 'NameRegistrationSchema (API server POST /v1/profile/account)',
      cases: bodyText(registration),
      run: async (body) => noServerError(await app.request('/v1/profile/account', { method: 'POST', body, headers: { 'content-type': 'application/json', origin: HOST } })),
      refuses: () => false,
      refusedWhen: isRefusal,
      state: () => rowCounts(opened.db),
    })
  })

  it('GET routes: the path and query parameters', { timeout: fuzzTimeout() }, async () => {
    const request = fc.record({
      route: fc.constantFrom('balance/{a}', 'account/{a}/history', 'account/{a}/nfts', 'identity/{a}', 'profile/account/{a}', 'profile/reverse/{a}', 'profile/suggestions/{a}'),
      address: param(valid.evmAddress),
      chainId: param(valid.caipNetworkId),
      cursor: param(fc.string({ maxLength: 30 })),
    })
    await fuzz({
      name: 'API server GET path and query parameters (balances, history, nfts, identity, names)',
      cases: request,
      run: async ({ route, address, chainId, cursor }) =>
        noServerError(await app.request(`/v1/${route.replace('{a}', address)}?chainId=${chainId}&cursor=${cursor}&currency=usd`, { headers: { origin: HOST } })),
      refuses: () => false,
    })
  })
})

describe('sign-in server requests', () => {
  let siwx: SiwxServer
  beforeAll(async () => {
    // An RPC endpoint nobody listens on: a contract-wallet check is 503 UNAVAILABLE, never a crash.
    siwx = await createSiwxServer({ database: { db: opened.db }, domains: ['app.example.com'], rpcUrls: { 'eip155:1': 'http://127.0.0.1:9/' } })
  })

  it('POST /siwx/verify: the body; GET /siwx/session: the cookie', { timeout: fuzzTimeout() }, async () => {
    const message = fc.record({ nonce: fc.stringMatching(/^[A-Za-z0-9]{8,32}$/), address: valid.evmAddress }).map(({ nonce, address }) =>
      formatSiwxMessage({
        domain: 'app.example.com',
        accountAddress: address,
        chainId: 'eip155:1',
        uri: 'https://app.example.com',
        version: '1',
        nonce,
        issuedAt: new Date().toISOString(),
        statement: 'Sign in',
      } as never),
    )
    const request = fc.oneof(
      bodyText(fc.record({ message, signature: fc.stringMatching(/^0x[0-9a-f]{130}$/) })).map((body) => ({ kind: 'verify' as const, body })),
      fc.oneof(hostileString, fc.constantFrom('portico_siwx=abc', 'portico_siwx=; a=b')).map((cookie) => ({ kind: 'session' as const, body: cookie })),
    )
    await fuzz({
      name: 'SIWX verify body and session cookie (sign-in server)',
      cases: request,
      run: async ({ kind, body }) => {
        const url = `https://app.example.com/siwx/${kind}`
        // Header values must be ByteStrings: a cookie the Fetch API cannot carry never reaches a server.
        const cookie = kind === 'session' && /^[\x20-\x7e]*$/.test(body) ? body : undefined
        const req =
          kind === 'verify'
            ? new Request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: 'https://app.example.com' } })
            : new Request(url, { headers: cookie ? { cookie } : {} })
        const response = (await siwx.handle(req))!
        // 503 is the sign-in server's UNAVAILABLE (no node to ask); any other 5xx is a crash.
        if (response.status !== 503) noServerError(response)
        return { status: response.status }
      },
      refuses: () => false,
      refusedWhen: isRefusal,
      state: () => rowCounts(opened.db),
    })
  })
})
