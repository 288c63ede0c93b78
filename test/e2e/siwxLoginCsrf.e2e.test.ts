// Login CSRF on the sign-in backend (issue 26), in real Chromium: the attacker fetches a nonce in
// their own browser and signs it with their own key, then makes the visitor's browser present it:
// by a cross-site form post (text/plain, the classic JSON-in-a-form trick) and by a same-origin
// fetch. Both are refused and the visitor stays signed out; the attacker's own browser, which
// holds the nonce's cookie, signs in with the same message.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { ed25519 } from '@noble/curves/ed25519'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { encodeBase58 } from '../../protocol/base58.ts'
import { type OpenedDatabase, openDatabase } from '../../servers/db/index.ts'
import { honoApp } from '../../servers/siwx/examples/hono.ts'
import { type SiwxServer, createSiwxServer } from '../../servers/siwx/index.ts'
import { launchBrowser } from './harness.ts'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const key = ed25519.utils.randomPrivateKey()
const attacker = encodeBase58(ed25519.getPublicKey(key))

let opened: OpenedDatabase
let siwx: SiwxServer
let browser: Browser
const closers: (() => Promise<void>)[] = []
/** The app (127.0.0.1) and the attacker's page (localhost: another site to the browser). */
let app: string
let evil: string

function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => {
      closers.push(() => new Promise((done) => server.close(() => done())))
      resolve(String((server.address() as AddressInfo).port))
    })
  })
}

beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  // The server needs its domain (host:port) before it is made: the app answers once it is.
  // The server's bindings (env) go on: the example reads the client's address from them.
  const appPort = await listen((request, env) => honoApp(siwx).fetch(request, env))
  app = `http://127.0.0.1:${appPort}`
  // The defaults: Secure __Host- cookies, which Chromium keeps from http://127.0.0.1 (a secure context).
  siwx = await createSiwxServer({ database: { db: opened.db }, domains: [`127.0.0.1:${appPort}`], rpcUrls: {} })
  const evilPort = await listen((request) => new Response(decodeURIComponent(new URL(request.url).searchParams.get('page') ?? ''), { headers: { 'content-type': 'text/html' } }))
  evil = `http://localhost:${evilPort}`
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all(closers.map((close) => close()))
  await siwx?.close()
  await opened?.close()
})

/** A browser of its own (its own cookie jar) with a tab on the app's origin. */
async function browserOn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${app}/api/me`)
  return { context, page }
}

const fetchIn = (page: Page, path: string, body?: string) =>
  page.evaluate(
    async ([path, body]) => {
      const response = await fetch(
        path,
        body === undefined ? { credentials: 'include' } : { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body },
      )
      return { status: response.status, json: (await response.json()) as Record<string, unknown> }
    },
    [path, body] as const,
  )

it('a nonce fetched in one browser is refused from another, by a cross-site form and by a same-origin fetch; its own browser signs in', async () => {
  const attackers = await browserOn()
  const { json } = await fetchIn(attackers.page, '/siwx/nonce')
  expect((await attackers.context.cookies()).map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite, cookie.secure])).toEqual([
    ['__Host-portico_siwx_nonce', true, 'Strict', true],
  ])
  const message = formatSiwxMessage({
    domain: new URL(app).host,
    accountAddress: attacker,
    uri: `${app}/`,
    version: '1',
    chainId: SOLANA,
    nonce: json.nonce as string,
    issuedAt: new Date().toISOString(),
  })
  const body = JSON.stringify({ message, signature: encodeBase58(ed25519.sign(new TextEncoder().encode(message), key)) })

  const visitors = await browserOn()
  // A form on the attacker's site posts the JSON as text/plain (name + '=' + value rebuild it).
  const split = body.lastIndexOf('"}')
  const form = `<form method="POST" action="${app}/siwx/verify" enctype="text/plain"><input name='${body.slice(0, split).replaceAll("'", '&#39;')}' value='${body.slice(split).replaceAll("'", '&#39;')}'></form><script>document.forms[0].submit()</script>`
  const posted = visitors.page.waitForResponse((response) => response.url() === `${app}/siwx/verify`)
  await visitors.page.goto(`${evil}/?page=${encodeURIComponent(form)}`)
  expect((await posted).status()).toBe(403)
  // The visitor's own tab on the app, made to send the attacker's message: its jar has no such nonce.
  await visitors.page.goto(`${app}/api/me`)
  expect(await fetchIn(visitors.page, '/siwx/verify', body)).toMatchObject({ status: 401, json: { reason: 'NONCE_UNBOUND' } })
  expect(await fetchIn(visitors.page, '/siwx/session')).toEqual({ status: 200, json: { session: null } })
  expect((await visitors.context.cookies()).filter((cookie) => cookie.name.includes('portico_siwx'))).toEqual([])

  // The attacker's browser holds the cookie: the same message signs it in.
  expect(await fetchIn(attackers.page, '/siwx/verify', body)).toMatchObject({ status: 200, json: { session: { address: attacker } } })
  expect(await fetchIn(attackers.page, '/api/me')).toEqual({ status: 200, json: { address: attacker, chainId: SOLANA } })
  await attackers.context.close()
  await visitors.context.close()
})
