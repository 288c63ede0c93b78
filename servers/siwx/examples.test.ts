import { createServer } from 'node:http'
import { serve } from '@hono/node-server'
import { ed25519 } from '@noble/curves/ed25519'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { encodeBase58 } from '../../protocol/base58.ts'
import { type OpenedDatabase, openDatabase } from '../db/index.ts'
import { honoApp } from './examples/hono.ts'
import { nodeListener } from './examples/node.ts'
import { type SiwxServer, createSiwxServer } from './index.ts'
import { freePort } from '../../test/peers/freePort.ts'

// The two examples, served for real on 127.0.0.1: a Solana key signs in (no chain node needed),
// the protected route answers, sign-out ends it.

interface Listening {
  origin: string
  close(): Promise<void>
}

// Each starts the example on a port chosen first: the siwx server needs its domain (host:port) before.
const servers: Record<string, (siwx: SiwxServer, port: number) => Promise<Listening>> = {
  'node:http': (siwx, port) =>
    new Promise((resolve) => {
      const server = createServer(nodeListener(siwx))
      server.listen(port, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) }))
    }),
  Hono: (siwx, port) =>
    new Promise((resolve) => {
      const server = serve({ fetch: honoApp(siwx).fetch, hostname: '127.0.0.1', port }, () =>
        resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) }),
      )
    }),
}

let opened: OpenedDatabase
beforeAll(async () => {
  opened = await openDatabase({ memory: true })
}, 90_000)
afterAll(async () => {
  await opened?.close()
})

describe.each(Object.entries(servers))('the %s example', (_, listen) => {
  let listening: Listening | undefined
  afterAll(async () => {
    await listening?.close()
  })

  it('signs a Solana account in, answers the protected route, and signs out', async () => {
    const key = ed25519.utils.randomPrivateKey()
    const address = encodeBase58(ed25519.getPublicKey(key))
    const port = await freePort()
    const host = `127.0.0.1:${port}`
    // Served over http: the cookie cannot be Secure here.
    const siwx = await createSiwxServer({ database: { db: opened.db }, domains: [host], rpcUrls: {}, cookie: { secure: false } })
    listening = await listen(siwx, port)

    expect((await fetch(`${listening.origin}/api/me`)).status).toBe(401)
    const nonceResponse = await fetch(`${listening.origin}/siwx/nonce`)
    const { nonce } = (await nonceResponse.json()) as { nonce: string }
    // What the page's browser keeps and sends back: the nonce cookie, and its own origin on each POST.
    const nonceCookie = nonceResponse.headers.get('set-cookie')!.split(';')[0]!
    const page = { origin: listening.origin, 'content-type': 'application/json' }
    const message = formatSiwxMessage({
      domain: host,
      accountAddress: address,
      uri: `${listening.origin}/`,
      version: '1',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const signature = encodeBase58(ed25519.sign(new TextEncoder().encode(message), key))
    const body = JSON.stringify({ message, signature })
    // Posted from another site, or from a browser that was not handed the nonce: refused.
    const fromElsewhere = await fetch(`${listening.origin}/siwx/verify`, {
      method: 'POST',
      body,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain', cookie: nonceCookie },
    })
    expect(fromElsewhere.status).toBe(403)
    const withoutCookie = await fetch(`${listening.origin}/siwx/verify`, { method: 'POST', body, headers: page })
    expect([withoutCookie.status, ((await withoutCookie.json()) as { reason: string }).reason]).toEqual([401, 'NONCE_UNBOUND'])
    const verified = await fetch(`${listening.origin}/siwx/verify`, { method: 'POST', body, headers: { ...page, cookie: nonceCookie } })
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!
    const me = await fetch(`${listening.origin}/api/me`, { headers: { cookie } })
    expect(await me.json()).toEqual({ address, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect((await fetch(`${listening.origin}/siwx/signout`, { method: 'POST', body: '{}', headers: { ...page, cookie } })).status).toBe(204)
    expect((await fetch(`${listening.origin}/api/me`, { headers: { cookie } })).status).toBe(401)
  })
})
