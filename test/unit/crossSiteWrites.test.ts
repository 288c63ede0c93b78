import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { ed25519 } from '@noble/curves/ed25519'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { encodeBase58 } from '../../protocol/base58.ts'
import { createApiApp } from '../../servers/api/app.ts'
import { noPrices } from '../../servers/api/prices.ts'
import { type OpenedDatabase, openDatabase } from '../../servers/db/index.ts'
import { createFrameApp } from '../../servers/frame/app.ts'
import { FORM_POSTS } from '../../servers/frame/guardWrites.ts'
import { type Mailbox, startMailbox } from '../../servers/mailbox/mailbox.ts'
import { SIWX_ROUTES } from '../../servers/siwx/handler.ts'
import { createSiwxServer } from '../../servers/siwx/index.ts'
import { honoApp } from '../../servers/siwx/examples/hono.ts'
import { frameTestContext } from './frameContext.ts'
import { rowCounts } from './serverTables.ts'

// The attack of issue 26: a page on another site posts to every state-changing route of each
// server what a form can post without a CORS preflight (text/plain, urlencoded, multipart) with
// an otherwise valid JSON body. Each is refused before it is read (403 or 415): no row of any
// table changes, no cookie is set, no mail goes out. The routes come from each app's own route
// table, so a route added later is attacked too. Then the login CSRF on the sign-in server: a
// nonce fetched in one cookie jar is refused when the signed message comes from another.

const EVIL = 'https://evil.example'
/** The integrator's app: an allowed host of the frame's project and of the Blockchain API. */
const HOST = 'http://127.0.0.1:5173'
/** The sign-in server's app page (its default origin for the domain app.example.com). */
const APP = 'https://app.example.com'
const FORM_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=portico']
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

interface Served {
  url: string
  close(): Promise<void>
}
function served(fetch: (request: Request) => Response | Promise<Response>): Promise<Served> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
  })
}

/** The state-changing routes of a Hono route table, once each, path parameters filled in. */
const writesOf = (routes: readonly { method: string; path: string }[]) => [
  ...new Map(
    routes
      .filter((route) => STATE_CHANGING.has(route.method))
      .map((route) => [`${route.method} ${route.path}`, { method: route.method, path: route.path.replace(/:\w+/g, 'alice') }]),
  ).values(),
]

let opened: OpenedDatabase
let mailbox: Mailbox
const started: Served[] = []
beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  mailbox = await startMailbox()
})
afterAll(async () => {
  await Promise.all(started.map((server) => server.close()))
  await mailbox?.close()
  await opened?.close()
})

/** Sends the attack to each route: every form content type, from another site's page. */
async function attack(base: string, routes: readonly { method: string; path: string }[], body: string, cookie?: string) {
  const answers: { route: string; type: string; status: number; setCookie: string | null }[] = []
  for (const { method, path } of routes) {
    for (const type of FORM_TYPES) {
      const response = await fetch(`${base}${path}`, { method, body, headers: { origin: EVIL, 'content-type': type, ...(cookie ? { cookie } : {}) } })
      answers.push({ route: `${method} ${path}`, type, status: response.status, setCookie: response.headers.get('set-cookie') })
    }
  }
  return answers
}

const inbox = async (email: string) => (await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[]

describe('a cross-site form post to every state-changing route', () => {
  it("frame server: refused (403 or 415), nothing stored, no cookie, no mail; Apple's form_post callback alone reaches its route", async () => {
    const context = frameTestContext({ db: opened.db, smtpUrl: mailbox.smtpUrl, publicUrl: '', hostOrigins: [HOST] })
    const app = createFrameApp(context)
    const frame = await served(app.fetch)
    started.push(frame)
    context.publicUrl = frame.url
    const routes = writesOf(app.routes)
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/v1/email/start', '/v1/email/verify', '/v1/email/update', '/v1/session/refresh', '/v1/farcaster/start', '/v1/social/start', '/v1/wallets']),
    )
    // Valid for the routes that start a login: what a phishing page would post claiming to be the host.
    const body = JSON.stringify({
      projectId: 'project-1',
      hostOrigin: HOST,
      email: 'victim@portico.example',
      deviceId: 'device-0001',
      binding: 'b'.repeat(64),
      provider: 'google',
      returnUrl: `${HOST}/`,
    })

    const before = await rowCounts(opened.db)
    const answers = await attack(frame.url, routes, body)
    expect(answers.filter((answer) => answer.setCookie !== null)).toEqual([])
    expect(answers.filter((answer) => FORM_POSTS[answer.route.split(' ')[1]!] !== 'cross-site form' && answer.status !== 403 && answer.status !== 415)).toEqual([])
    // The social callback takes Apple's cross-site form_post by design; without the login's state it refuses.
    expect(answers.filter((answer) => FORM_POSTS[answer.route.split(' ')[1]!] === 'cross-site form').map((answer) => answer.status)).toEqual(FORM_TYPES.map(() => 400))
    // JSON from another site (preflighted in a browser; sent anyway here), and a post with no or a null Origin.
    for (const origin of [EVIL, HOST, 'null', undefined]) {
      const response = await fetch(`${frame.url}/v1/email/start`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) } })
      expect([origin, response.status]).toEqual([origin, 403])
    }
    expect(await rowCounts(opened.db)).toEqual(before)
    expect(await inbox('victim@portico.example')).toEqual([])

    // The same body as the frame page sends it (JSON, from the frame's own origin) starts the login.
    const own = await fetch(`${frame.url}/v1/email/start`, { method: 'POST', body, headers: { 'content-type': 'application/json; charset=utf-8', origin: frame.url } })
    expect(own.status).toBe(200)
    expect(await rowCounts(opened.db)).not.toEqual(before)
    expect(await inbox('victim@portico.example')).toHaveLength(1)
  })

  it('Blockchain API: refused (403 or 415), nothing stored, no cookie', async () => {
    const app = createApiApp({ db: opened.db, sources: new Map(), prices: noPrices, pageSize: 20, onrampSenders: {} }, [HOST])
    const api = await served(app.fetch)
    started.push(api)
    const routes = writesOf(app.routes)
    expect(routes).toContainEqual({ method: 'POST', path: '/v1/profile/account' })
    const body = JSON.stringify({
      coinType: 60,
      address: '0x'.padEnd(42, '1'),
      signature: `0x${'ab'.repeat(65)}`,
      message: JSON.stringify({ name: 'alice', attributes: {}, timestamp: Math.floor(Date.now() / 1000) }),
    })

    const before = await rowCounts(opened.db)
    const answers = await attack(api.url, routes, body)
    expect(answers.filter((answer) => (answer.status !== 403 && answer.status !== 415) || answer.setCookie !== null)).toEqual([])
    for (const origin of [EVIL, 'null', undefined]) {
      const response = await fetch(`${api.url}/v1/profile/account`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) } })
      expect([origin, response.status, ((await response.json()) as { reason: string }).reason]).toEqual([origin, 403, 'ORIGIN_NOT_ALLOWED'])
    }
    const fromHost = await fetch(`${api.url}/v1/profile/account`, { method: 'POST', body, headers: { 'content-type': 'text/plain', origin: HOST } })
    expect([fromHost.status, ((await fromHost.json()) as { reason: string }).reason]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
    expect(await rowCounts(opened.db)).toEqual(before)
    // The host's JSON passes the check and reaches the registration (which knows no network here).
    const own = await fetch(`${api.url}/v1/profile/account`, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: HOST } })
    expect(((await own.json()) as { reason: string }).reason).toBe('UNSUPPORTED_CHAIN')
  })

  describe('sign-in server', () => {
    let siwx: Served
    const key = ed25519.utils.randomPrivateKey()
    const attacker = encodeBase58(ed25519.getPublicKey(key))
    const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0]
    /** A nonce from /siwx/nonce as the app's page fetches it, and the cookie jar it went into. */
    const nonceInJar = async () => {
      const response = await fetch(`${siwx.url}/siwx/nonce`, { headers: { 'sec-fetch-site': 'same-origin' } })
      return { nonce: ((await response.json()) as { nonce: string }).nonce, jar: cookieOf(response)! }
    }
    const signedWith = (nonce: string) => {
      const message = formatSiwxMessage({
        domain: 'app.example.com',
        accountAddress: attacker,
        uri: `${APP}/`,
        version: '1',
        chainId: SOLANA,
        nonce,
        issuedAt: new Date().toISOString(),
      })
      return JSON.stringify({ message, signature: encodeBase58(ed25519.sign(new TextEncoder().encode(message), key)) })
    }
    const verify = (body: string, cookie: string) =>
      fetch(`${siwx.url}/siwx/verify`, { method: 'POST', body, headers: { origin: APP, 'content-type': 'application/json', cookie } })

    beforeAll(async () => {
      const server = await createSiwxServer({ database: { db: opened.db }, domains: ['app.example.com'], rpcUrls: {} })
      siwx = await served(honoApp(server).fetch)
      started.push({ url: siwx.url, close: async () => (await siwx.close(), await server.close()) })
    })

    it('every route: a cross-site form post, or a cross-site nonce, is refused (403 or 415), nothing stored, no cookie', async () => {
      const { nonce, jar } = await nonceInJar()
      const body = signedWith(nonce)
      const before = await rowCounts(opened.db)
      // Even with the nonce cookie sent along (a browser keeps SameSite=Strict cookies off such a post).
      const answers = await attack(
        siwx.url,
        SIWX_ROUTES.filter((route) => STATE_CHANGING.has(route.method)).map((route) => ({ method: route.method, path: `/siwx${route.path}` })),
        body,
        jar,
      )
      expect(answers.filter((answer) => (answer.status !== 403 && answer.status !== 415) || answer.setCookie !== null)).toEqual([])
      for (const route of SIWX_ROUTES.filter((route) => route.method === 'GET')) {
        for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
          const response = await fetch(`${siwx.url}/siwx${route.path}`, { headers })
          expect([route.path, response.status, response.headers.get('set-cookie')]).toEqual([route.path, 403, null])
        }
      }
      expect(await rowCounts(opened.db)).toEqual(before)
    })

    it('login CSRF: a nonce fetched in one cookie jar is refused from another; from its own jar it signs in', async () => {
      // The attacker fetches a nonce in their own browser and signs it with their own key.
      const attackers = await nonceInJar()
      const body = signedWith(attackers.nonce)
      // The visitor's browser, made to post it (as JSON from the app's own origin, the strongest case):
      // its jar holds no nonce cookie, or one for another nonce.
      const visitors = await nonceInJar()
      const before = await rowCounts(opened.db)
      for (const jar of ['', visitors.jar]) {
        const response = await verify(body, jar)
        expect([response.status, ((await response.json()) as { reason: string }).reason, response.headers.get('set-cookie')]).toEqual([401, 'NONCE_UNBOUND', null])
      }
      expect(await rowCounts(opened.db)).toEqual(before)
      // The attacker's own browser signs in with it: the refusals above did not spend it.
      const own = await verify(body, attackers.jar)
      expect(own.status).toBe(200)
      expect(cookieOf(own)).toMatch(/^__Host-portico_siwx=/)
      const me = await fetch(`${siwx.url}/api/me`, { headers: { cookie: cookieOf(own)! } })
      expect(await me.json()).toEqual({ address: attacker, chainId: SOLANA })
    })
  })
})
