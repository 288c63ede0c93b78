import { randomBytes, randomUUID } from 'node:crypto'
import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameTables, openDatabase, type OpenedDatabase } from '../db/index.ts'
import { startMailbox, type Mailbox } from '../mailbox/mailbox.ts'
import type { FrameLimits, FrameServerOptions } from './options.ts'
import { DEFAULT_LIMITS } from './options.ts'
import { startFrameServer, type FrameServer } from './server.ts'
import { PRUNED, pruneExpired } from './store/prune.ts'

// Limits per client address and per project on the routes anyone may call, on two instances
// over one PGlite database, with addresses given the way a reverse proxy gives them.

const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }
const binding = () => randomBytes(24).toString('base64url')

let opened: OpenedDatabase
let mailbox: Mailbox
const started: FrameServer[] = []

beforeAll(async () => {
  ;[opened, mailbox] = await Promise.all([openDatabase({ memory: true }), startMailbox()])
})
afterAll(async () => {
  await Promise.all(started.map((server) => server.close()))
  await mailbox?.close()
  await opened?.close()
})

/** A frame server whose clock starts at a new hour of its own: fixed windows never straddle, and no test shares another's. */
async function start(limits: Partial<FrameLimits>, more: Partial<FrameServerOptions> = {}, clock = hourClock()) {
  const server = await startFrameServer({
    database: { db: opened.db },
    smtpUrl: mailbox.smtpUrl,
    mailFrom: 'Portico <login@portico.test>',
    keyEncryptionKey: randomBytes(32).toString('base64'),
    sessionSecret: randomBytes(32).toString('hex'),
    projects: { demo: [HOST], other: [HOST] },
    limits: { perAddress: { max: 1000, windowSeconds: 3600 }, ...limits },
    now: clock,
    ...more,
  })
  started.push(server)
  return server
}
let hours = 1000
const hourClock = () => {
  const at = new Date(Date.UTC(2030, 0, 1) + ++hours * 3600_000 + 1000)
  return () => at
}

const post = async (server: FrameServer, path: string, body: unknown, forwardedFor?: string) => {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { error?: string } }
}
const emailStart = (server: FrameServer, forwardedFor?: string, project = caller.projectId) =>
  post(server, '/v1/email/start', { ...caller, projectId: project, email: `${randomUUID()}@portico.test`, deviceId: randomUUID() }, forwardedFor)

describe('client address behind proxies', () => {
  it('behind 2 trusted hops (CDN, then TLS proxy) counts the visitor, neither the CDN nor what the visitor wrote in the header', async () => {
    const server = await start({ perAddress: { max: 1, windowSeconds: 3600 } }, { trustedProxies: 2 })
    // Visitor 203.0.113.9 wrote "6.6.6.6"; the CDN (198.51.100.1) appended the visitor, the proxy the CDN.
    expect((await emailStart(server, '6.6.6.6, 203.0.113.9, 198.51.100.1')).status).toBe(200)
    // The same visitor writing another address on the left is still counted as itself.
    const spoofed = await emailStart(server, '7.7.7.7, 203.0.113.9, 198.51.100.1')
    expect(spoofed.status).toBe(429)
    expect(spoofed.body.error).toMatch(/^Too many codes were requested from this network address/)
    // Another visitor through the same CDN has a budget of its own (the CDN is not the client).
    expect((await emailStart(server, '203.0.113.10, 198.51.100.1')).status).toBe(200)
  })

  it('with TRUSTED_PROXIES as networks, and IPv6 visitors counted by their /64', async () => {
    const server = await start({ perAddress: { max: 1, windowSeconds: 3600 } }, { trustedProxies: ['127.0.0.0/8', '2001:db8:cd::/48'] })
    expect((await emailStart(server, '2001:db8:1:2::1, 2001:db8:cd::7')).status).toBe(200)
    // Another address of the same /64 (a host may take any of 2^64): the same budget.
    expect((await emailStart(server, '2001:db8:1:2:ffff::9, 2001:db8:cd::7')).status).toBe(429)
    expect((await emailStart(server, '2001:db8:1:3::1')).status).toBe(200)
  })
})

describe('login starts', () => {
  it('3 starts per address per hour (startsPerAddress), on email, social, Farcaster and passkey starts together, across instances; a refused start does not count', async () => {
    const clock = hourClock()
    const limits = { startsPerAddress: { max: 3, windowSeconds: 3600 } }
    const [a, b] = [await start(limits, {}, clock), await start(limits, {}, clock)]
    // Neither provider is configured here: the route refuses, and a refused start does not count.
    expect((await post(b, '/v1/social/start', { ...caller, provider: 'google', binding: binding(), returnUrl: `${HOST}/` })).status).toBe(400)
    expect((await post(a, '/v1/farcaster/start', { ...caller, binding: binding() })).status).toBe(400)
    expect((await emailStart(a)).status).toBe(200)
    expect((await emailStart(b)).status).toBe(200)
    expect((await emailStart(a)).status).toBe(200)
    for (const [server, path, body] of [
      [b, '/v1/email/start', { ...caller, email: 'x@portico.test', deviceId: randomUUID() }],
      [a, '/v1/social/start', { ...caller, provider: 'google', binding: binding(), returnUrl: `${HOST}/` }],
      [b, '/v1/farcaster/start', { ...caller, binding: binding() }],
      [a, '/v1/passkey/signup/options', { ...caller, deviceId: randomUUID() }],
      [b, '/v1/passkey/login/options', { ...caller, deviceId: randomUUID() }],
    ] as const) {
      const refused = await post(server, path, body)
      expect(refused.status, path).toBe(429)
      expect(refused.body.error).toMatch(/^Too many logins were started from this network address; try again in \d+ minutes?$/)
    }
  })

  it('2 starts per project per minute (startsPerProject) from any addresses; a project the server does not serve is not counted', async () => {
    const server = await start({ startsPerProject: { max: 2, windowSeconds: 60 } }, { trustedProxies: 1 })
    expect((await emailStart(server, '203.0.113.1')).status).toBe(200)
    expect((await emailStart(server, '203.0.113.2')).status).toBe(200)
    const refused = await emailStart(server, '203.0.113.3')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/^Too many logins were started for this project; try again in 1 minute$/)
    // Another project keeps its own budget; a made-up one is refused by the route, not counted.
    expect((await emailStart(server, '203.0.113.4', 'other')).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await emailStart(server, `203.0.113.${10 + i}`, `made-up-${i}`)).status).toBe(403)
  })
})

describe('long-polls', () => {
  /** A device approval is pending for a new device: /v1/device/wait holds until its wait ends. */
  const pendingWait = async (server: FrameServer, forwardedFor?: string) => {
    const request = { ...caller, email: `${randomUUID()}@portico.test`, deviceId: randomUUID() }
    expect((await post(server, '/v1/email/start', request, forwardedFor)).body).toEqual({ action: 'VERIFY_DEVICE' })
    return () => post(server, '/v1/device/wait', request, forwardedFor)
  }

  it('2 waits at once per address (waitsPerAddress): a third is refused at once, and admitted once one ends', async () => {
    const server = await start({ waitsPerAddress: 2, deviceWaitSeconds: 3 })
    const waits = await Promise.all([pendingWait(server), pendingWait(server), pendingWait(server)])
    const held = [waits[0]!(), waits[1]!()]
    await new Promise((resolve) => setTimeout(resolve, 300))
    const began = Date.now()
    const third = await waits[2]!()
    expect(third.status).toBe(429)
    expect(third.body.error).toBe('Too many requests are waiting from this network address; close other login windows and try again')
    expect(Date.now() - began).toBeLessThan(1000)
    expect((await Promise.all(held)).map((answer) => answer.body)).toEqual([{ approved: false }, { approved: false }])
    expect((await waits[2]!()).body).toEqual({ approved: false })
  })

  it('3 waits at once per project (waitsPerProject), whatever the addresses', async () => {
    const server = await start({ waitsPerProject: 3, deviceWaitSeconds: 3 }, { trustedProxies: 1 })
    const waits = await Promise.all([1, 2, 3, 4].map((n) => pendingWait(server, `203.0.113.${n}`)))
    const held = waits.slice(0, 3).map((wait) => wait())
    await new Promise((resolve) => setTimeout(resolve, 300))
    const fourth = await waits[3]!()
    expect(fourth.status).toBe(429)
    expect(fourth.body.error).toBe('Too many requests are waiting for this project; try again in a moment')
    expect((await Promise.all(held)).every((answer) => answer.status === 200)).toBe(true)
  })
})

describe('pruning', () => {
  it('lists every frame table with a lifetime (an expiry, an until, a window or a revocation column)', () => {
    const lifetime = /^(expires_at|until|window_start|revoked_at)$/
    const withLifetime = Object.values(frameTables)
      .filter((table) => is(table, PgTable))
      .filter((table) => Object.values(getTableColumns(table)).some((column) => lifetime.test(column.name)))
      .map((table) => getTableName(table))
    expect(withLifetime.length).toBeGreaterThanOrEqual(8)
    expect(PRUNED.map((entry) => getTableName(entry.table)).sort()).toEqual(withLifetime.sort())
  })

  it('deletes expired social and Farcaster login requests, expired or spent passkey challenges, and sessions left with no refresh token', async () => {
    const { socialRequests, farcasterRequests, sessions, users } = frameTables
    const now = new Date(Date.UTC(2031, 0, 1))
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
    const request = { bindingHash: 'b', projectId: 'demo', hostOrigin: HOST, nonce: 'n', createdAt: minutesAgo(20) }
    const social = { ...request, provider: 'google', flow: 'popup' }
    await opened.db.insert(socialRequests).values([
      { ...social, beginHash: 'social-expired', expiresAt: minutesAgo(10) },
      { ...social, beginHash: 'social-live', expiresAt: minutesAgo(-1) },
    ])
    await opened.db.insert(farcasterRequests).values({ ...request, channelHash: 'farcaster-expired', expiresAt: minutesAgo(10) })
    const [user] = await opened.db
      .insert(users)
      .values({ createdAt: minutesAgo(60) })
      .returning()
    const session = { userId: user!.id, deviceId: 'device-1', projectId: 'demo', recovery: false }
    const [dead, fresh] = await opened.db
      .insert(sessions)
      .values([
        { ...session, createdAt: minutesAgo(60) },
        // Made a moment ago: its refresh token is on its way in the same transaction.
        { ...session, createdAt: minutesAgo(1) },
      ])
      .returning()
    const challenge = { purpose: 'login', projectId: 'demo', deviceId: 'device-1', createdAt: minutesAgo(6) }
    await opened.db.insert(frameTables.passkeyChallenges).values([
      { ...challenge, challenge: 'passkey-expired', expiresAt: minutesAgo(1) },
      { ...challenge, challenge: 'passkey-spent', expiresAt: minutesAgo(-4), usedAt: minutesAgo(1) },
      { ...challenge, challenge: 'passkey-live', expiresAt: minutesAgo(-4) },
    ])
    await pruneExpired(opened.db, DEFAULT_LIMITS, now)
    expect((await opened.db.select().from(frameTables.passkeyChallenges)).map((row) => row.challenge)).toEqual(['passkey-live'])
    const left = {
      social: (await opened.db.select().from(socialRequests)).map((row) => row.beginHash),
      farcaster: (await opened.db.select().from(farcasterRequests)).map((row) => row.channelHash),
      sessions: (await opened.db.select().from(sessions)).map((row) => row.id),
    }
    expect(left.social).toContain('social-live')
    expect(left.social).not.toContain('social-expired')
    expect(left.farcaster).not.toContain('farcaster-expired')
    expect(left.sessions).toContain(fresh!.id)
    expect(left.sessions).not.toContain(dead!.id)
  })
})
