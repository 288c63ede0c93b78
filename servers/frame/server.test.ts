import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startPostgres, type Postgres } from '../../test/peers/postgres.mjs'
import { openDatabase, type Database, type OpenedDatabase } from '../db/index.ts'
import { startMailbox, type Mailbox } from '../mailbox/mailbox.ts'
import { DEFAULT_LIMITS, type FrameLimits, type FrameServerOptions } from './options.ts'
import { startFrameServer, type FrameServer } from './server.ts'
import { pruneExpired } from './store/prune.ts'

// The frame server's rules, each against PGlite and against a real PostgreSQL 15, with two
// server instances on one database, mail through a real SMTP sink, and a clock the tests move.

const HOST = 'http://127.0.0.1:5173'
const PROJECT = 'demo'
const caller = { projectId: PROJECT, hostOrigin: HOST }

interface Backend {
  name: string
  open(): Promise<{ database: { db: Database } | { url: string }; opened?: OpenedDatabase; dump(): Promise<string>; stop(): Promise<void> }>
}

/** Every row of every table, as Postgres prints it: what a stolen dump of the database holds. */
async function dumpRows(db: Database): Promise<string> {
  // Both drivers answer execute() with { rows }.
  const query = async <T>(statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows
  const tables = await query<{ table_schema: string; table_name: string }>(
    sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
  )
  let out = ''
  for (const { table_schema, table_name } of tables) {
    const rows = await query<{ row: string }>(sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`))
    out += `${rows.map((r) => r.row).join('\n')}\n`
  }
  return out
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const opened = await openDatabase({ memory: true })
      return { database: { db: opened.db }, opened, dump: () => dumpRows(opened.db), stop: () => opened.close() }
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const postgres: Postgres = await startPostgres()
      // A connection of its own for the dump; each server instance opens its own pool from the URL.
      const opened = await openDatabase({ url: postgres.url })
      return {
        database: { url: postgres.url },
        opened,
        async dump() {
          const pgDump = execFileSync(`${postgres.bin}/pg_dump`, ['-d', postgres.url], { encoding: 'latin1' })
          return pgDump + (await dumpRows(opened.db))
        },
        async stop() {
          await opened.close()
          await postgres.stop()
        },
      }
    },
  },
]

describe.each(backends)('frame server on $name', (backend) => {
  let env: Awaited<ReturnType<Backend['open']>>
  let mailbox: Mailbox
  let a: FrameServer
  let b: FrameServer
  const started: FrameServer[] = []
  /** The servers' clock runs this far ahead of the real one. */
  let offsetMs = 0
  const advance = (seconds: number) => (offsetMs += seconds * 1000)
  /**
   * Set, the servers' clock moves only with advance(): a test that reads exact seconds left
   * must not see the real time pass between two requests (a second on a loaded machine).
   */
  let stoppedAt: number | undefined
  const stopClock = () => {
    stoppedAt = Date.now()
    onTestFinished(() => void (stoppedAt = undefined))
  }
  /**
   * To the first second of the servers' next hour: the limits count in hour windows fixed to the
   * clock, and a test that moved on by a whole number of hours could end up straddling two.
   */
  const toNextHour = () => {
    const hourMs = 3600 * 1000
    offsetMs += hourMs - ((Date.now() + offsetMs) % hourMs) + 1000
  }
  // A stand-in for the built page's files (servers/frame/page builds the real ones): what the static route serves.
  const pageDir = mkdtempSync(join(tmpdir(), 'portico-frame-page-'))
  mkdirSync(join(pageDir, 'chunks'))
  writeFileSync(join(pageDir, 'frame.js'), 'export const page = 1\n')
  writeFileSync(join(pageDir, 'chunks', 'solana-ABC.js'), 'export const chunk = 2\n')
  const kek = randomBytes(32).toString('base64')
  const sessionSecret = randomBytes(32).toString('hex')

  const start = async (limits: Partial<FrameLimits> = {}, more: Partial<FrameServerOptions> = {}) => {
    const server = await startFrameServer({
      database: env.database,
      smtpUrl: mailbox.smtpUrl,
      mailFrom: 'Portico <login@portico.test>',
      keyEncryptionKey: kek,
      sessionSecret,
      projects: { [PROJECT]: [HOST, 'https://app.example.com'] },
      // The shared suite logs in many times from 127.0.0.1; the address limit has its own test.
      limits: { perAddress: { max: 100_000, windowSeconds: 3600 }, deviceWaitSeconds: 1, ...limits },
      now: () => new Date((stoppedAt ?? Date.now()) + offsetMs),
      pageDir,
      ...more,
    })
    started.push(server)
    return server
  }

  beforeAll(async () => {
    ;[env, mailbox] = await Promise.all([backend.open(), startMailbox()])
    a = await start()
    b = await start()
  })
  afterAll(async () => {
    await Promise.all(started.map((server) => server.close()))
    await mailbox?.close()
    await env?.stop()
    rmSync(pageDir, { recursive: true, force: true })
  })

  const call = async (server: FrameServer, method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(server.url + path, {
      method,
      // As the frame page sends them: writes carry the page's (the server's own) origin and JSON.
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', origin: server.url }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const get = (server: FrameServer, path: string, query: Record<string, string>, token?: string) =>
    call(server, 'GET', `${path}?${new URLSearchParams({ ...caller, ...query })}`, undefined, token)

  const inbox = async (email: string) => {
    const response = await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)
    return (await response.json()) as { subject: string; text: string }[]
  }
  const newestCode = async (email: string) => /\b(\d{6})\b/.exec((await inbox(email))[0]?.text ?? '')?.[1]
  const newestLink = async (email: string) => /(http:\/\/\S+\/v1\/device\/approve\?token=\S+)/.exec((await inbox(email))[0]?.text ?? '')?.[1]
  const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`
  const newDevice = () => randomUUID()

  /** What a visitor's browser does on the mailed link's page: press its button (a form POST to the page's origin). */
  const pressLinkButton = async (link: string, origin = new URL(link).origin) => {
    const page = await (await fetch(link)).text()
    const form = /<form method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]+)">/.exec(page)
    if (!form) throw new Error(`no form on ${link}: ${page}`)
    return fetch(new URL(form[1]!, link), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ token: form[2]! }),
    })
  }

  /** The whole first login of an email on a new device: approval link, wait, code, verify. */
  async function login(email: string, deviceId: string, server = a) {
    offsetMs += 31_000 // past any cooldown of an earlier request for this email
    const started = await call(server, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    if (started.body.action === 'VERIFY_DEVICE') {
      const link = await newestLink(email)
      const waiting = call(b, 'POST', '/v1/device/wait', { ...caller, email, deviceId })
      expect((await pressLinkButton(link!)).status).toBe(200)
      expect(await waiting).toEqual({ status: 200, body: { approved: true } })
    }
    const verified = await call(server, 'POST', '/v1/email/verify', { ...caller, email, deviceId, otp: await newestCode(email) })
    expect(verified.status).toBe(200)
    return verified.body as { accessToken: string; refreshToken: string; hostToken: string; user: { id: string; email: string }; recovery: boolean }
  }

  it('a new device is approved through the mailed link (followed on one instance, awaited on the other), then gets a code', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    expect(await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({ status: 200, body: { action: 'VERIFY_DEVICE' } })
    const [linkMail] = await inbox(email)
    expect(linkMail!.subject).toBe('Approve a sign-in to demo')
    // Not approved yet: the long-poll answers false after its wait (1 s here).
    expect(await call(b, 'POST', '/v1/device/wait', { ...caller, email, deviceId })).toEqual({ status: 200, body: { approved: false } })
    const waiting = call(b, 'POST', '/v1/device/wait', { ...caller, email, deviceId })
    const page = await pressLinkButton((await newestLink(email))!)
    expect(await page.text()).toContain('This device is approved. Go back to the site.')
    expect(await waiting).toEqual({ status: 200, body: { approved: true } })
    // The code was mailed once, however many waiters saw the approval.
    expect(await call(a, 'POST', '/v1/device/wait', { ...caller, email, deviceId })).toEqual({ status: 200, body: { approved: true } })
    const mails = await inbox(email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Your sign-in code for demo', 'Approve a sign-in to demo'])
    const verified = await call(a, 'POST', '/v1/email/verify', { ...caller, email, deviceId, otp: await newestCode(email) })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ user: { email }, recovery: false })
    // A known device goes straight to a code.
    advance(31)
    expect(await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({ status: 200, body: { action: 'VERIFY_OTP' } })
    // A bad link says so.
    expect((await fetch(`${a.url}/v1/device/approve?token=${'x'.repeat(43)}`)).status).toBe(400)
  })

  it('codes are six digits, single use, expire after 10 minutes, and the fifth wrong try voids them', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    await login(email, deviceId)
    const verify = (otp: string) => call(b, 'POST', '/v1/email/verify', { ...caller, email, deviceId, otp })
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    // Single use.
    advance(31)
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    let code = (await newestCode(email))!
    expect(code).toMatch(/^\d{6}$/)
    expect((await verify(code)).status).toBe(200)
    expect(await verify(code)).toEqual({ status: 400, body: { error: 'Code expired or voided, request a new one' } })

    // Expiry: valid at 9:59, gone at 10:01.
    stopClock()
    advance(31)
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    code = (await newestCode(email))!
    advance(10 * 60 + 1)
    expect(await verify(code)).toEqual({ status: 400, body: { error: 'Code expired or voided, request a new one' } })
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    code = (await newestCode(email))!
    advance(9 * 60 + 59)
    expect((await verify(code)).status).toBe(200)

    // Five wrong tries, alternating instances: four 'Invalid code', the fifth voids; the right code then fails too.
    advance(31)
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    code = (await newestCode(email))!
    for (let i = 1; i <= 4; i++) {
      const server = i % 2 ? a : b
      expect(await call(server, 'POST', '/v1/email/verify', { ...caller, email, deviceId, otp: wrong(code) })).toEqual({ status: 400, body: { error: 'Invalid code' } })
    }
    expect(await verify(wrong(code))).toEqual({ status: 400, body: { error: 'Code expired or voided, request a new one' } })
    expect(await verify(code)).toEqual({ status: 400, body: { error: 'Code expired or voided, request a new one' } })

    // A code is bound to its device.
    advance(31)
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    expect(await call(a, 'POST', '/v1/email/verify', { ...caller, email, deviceId: newDevice(), otp: await newestCode(email) })).toEqual({
      status: 400,
      body: { error: 'Code expired or voided, request a new one' },
    })
  })

  it('a second request within 30 s, on either instance, gets "Please try again after N seconds" and sends no mail', async () => {
    stopClock()
    const email = newEmail()
    const deviceId = newDevice()
    await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    advance(12)
    expect(await call(b, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({ status: 429, body: { error: 'Please try again after 18 seconds' } })
    advance(17.5)
    expect(await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({ status: 429, body: { error: 'Please try again after 1 seconds' } })
    expect(await inbox(email)).toHaveLength(1)
    advance(0.5)
    expect((await call(b, 'POST', '/v1/email/start', { ...caller, email, deviceId })).status).toBe(200)
    expect(await inbox(email)).toHaveLength(2)
  })

  it('code requests are limited per email and per client address, counted across instances, with no mail for a refused one', async () => {
    // A fresh hour window, and two instances with small limits of their own.
    toNextHour()
    const limits = { perEmail: { max: 3, windowSeconds: 3600 }, perAddress: { max: 5, windowSeconds: 3600 } }
    const [c, d] = await Promise.all([start(limits), start(limits)])
    const email = newEmail()
    const deviceId = newDevice()
    for (let i = 0; i < 3; i++) {
      expect((await call(i % 2 ? c : d, 'POST', '/v1/email/start', { ...caller, email, deviceId })).status).toBe(200)
      advance(31)
    }
    const refused = await call(c, 'POST', '/v1/email/start', { ...caller, email, deviceId })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/^Too many codes were requested for this email; try again in \d+ minutes?$/)
    expect(await inbox(email)).toHaveLength(3)
    // The refused request did not count against the address: 3 counted so far, two more pass.
    expect((await call(d, 'POST', '/v1/email/start', { ...caller, email: newEmail(), deviceId })).status).toBe(200)
    expect((await call(c, 'POST', '/v1/email/start', { ...caller, email: newEmail(), deviceId })).status).toBe(200)
    const other = newEmail()
    const byAddress = await call(d, 'POST', '/v1/email/start', { ...caller, email: other, deviceId })
    expect(byAddress.status).toBe(429)
    expect(byAddress.body.error).toMatch(/^Too many codes were requested from this network address; try again in \d+ minutes?$/)
    expect(await inbox(other)).toHaveLength(0)
    // A refused request left no cooldown behind either: the next window serves it at once.
    advance(3600)
    expect((await call(c, 'POST', '/v1/email/start', { ...caller, email: other, deviceId })).status).toBe(200)
  })

  it('behind a reverse proxy, counts per address from the header the proxy sets', async () => {
    toNextHour()
    const proxied = await start({ perAddress: { max: 1, windowSeconds: 3600 } }, { clientAddressHeader: 'X-Forwarded-For' })
    const from = (address: string) =>
      fetch(`${proxied.url}/v1/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxied.url, 'x-forwarded-for': address },
        body: JSON.stringify({ ...caller, email: newEmail(), deviceId: newDevice() }),
      }).then((response) => response.status)
    expect(await from('198.51.100.7')).toBe(200)
    // The proxy appends the address it saw; what the client wrote before it does not count.
    expect(await from('203.0.113.9, 198.51.100.8')).toBe(200)
    expect(await from('203.0.113.9, 198.51.100.7')).toBe(429)
  })

  it('a mail that cannot be sent is a clear 502 and leaves no cooldown behind (the request is rolled back)', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const mailless = await start({}, { smtpUrl: 'smtp://127.0.0.1:1' })
    const email = newEmail()
    const deviceId = newDevice()
    expect(await call(mailless, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({
      status: 502,
      body: { error: 'The mail could not be sent; try again later' },
    })
    expect(await call(a, 'POST', '/v1/email/start', { ...caller, email, deviceId })).toEqual({ status: 200, body: { action: 'VERIFY_DEVICE' } })
    expect(await inbox(email)).toHaveLength(1)
  })

  it('refresh tokens rotate; a spent one presented again revokes the whole session', async () => {
    const session = await login(newEmail(), newDevice())
    const first = await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken: session.refreshToken })
    expect(first.status).toBe(200)
    expect(first.body.refreshToken).not.toBe(session.refreshToken)
    const second = await call(b, 'POST', '/v1/session/refresh', { ...caller, refreshToken: first.body.refreshToken })
    expect(second.status).toBe(200)
    expect((await get(a, '/v1/me', {}, second.body.accessToken)).status).toBe(200)
    // The first token again: reuse, the family is revoked, the newest tokens die with it.
    expect(await call(b, 'POST', '/v1/session/refresh', { ...caller, refreshToken: session.refreshToken })).toEqual({
      status: 401,
      body: { error: 'Refresh token already used; the session is revoked' },
    })
    expect((await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken: second.body.refreshToken })).status).toBe(401)
    expect(await get(a, '/v1/me', {}, second.body.accessToken)).toEqual({ status: 401, body: { error: 'Session expired or signed out' } })
  })

  it('access tokens last 10 minutes', async () => {
    const session = await login(newEmail(), newDevice())
    advance(9 * 60 + 50)
    expect((await get(a, '/v1/me', {}, session.accessToken)).status).toBe(200)
    advance(20)
    expect((await get(a, '/v1/me', {}, session.accessToken)).status).toBe(401)
    // The refresh token still works and gives a fresh one.
    const refreshed = await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken: session.refreshToken })
    expect((await get(a, '/v1/me', {}, refreshed.body.accessToken)).status).toBe(200)
  })

  it('two instances serve one session: login on one, /v1/me and sign-out on the other', async () => {
    const email = newEmail()
    const session = await login(email, newDevice(), a)
    expect(await get(b, '/v1/me', {}, session.accessToken)).toEqual({ status: 200, body: { user: { id: session.user.id, email }, wallets: {} } })
    expect((await call(b, 'POST', '/v1/session/signout', caller, session.accessToken)).status).toBe(204)
    expect((await get(a, '/v1/me', {}, session.accessToken)).status).toBe(401)
    expect((await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken: session.refreshToken })).status).toBe(401)
  })

  it('only host origins on the project allow-list are answered', async () => {
    const email = newEmail()
    const refused = { status: 403, body: { error: 'Unauthorized: origin not allowed' } }
    expect(await call(a, 'POST', '/v1/email/start', { projectId: PROJECT, hostOrigin: 'https://evil.example', email, deviceId: newDevice() })).toEqual(refused)
    expect(await call(a, 'POST', '/v1/email/start', { projectId: 'other', hostOrigin: HOST, email, deviceId: newDevice() })).toEqual(refused)
    expect(await inbox(email)).toHaveLength(0)
    const session = await login(newEmail(), newDevice())
    expect(await call(a, 'GET', `/v1/me?projectId=${PROJECT}&hostOrigin=${encodeURIComponent('https://evil.example')}`, undefined, session.accessToken)).toEqual(refused)
    // The second allowed origin of the project works too.
    expect((await call(a, 'GET', `/v1/me?projectId=${PROJECT}&hostOrigin=${encodeURIComponent('https://app.example.com')}`, undefined, session.accessToken)).status).toBe(200)

    // The frame page: embeddable only by the project's origins, refused for an unknown project.
    const page = await fetch(`${a.url}/frame?projectId=${PROJECT}&chainId=1&version=4&enableLogger=false`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain(`frame-ancestors ${HOST} https://app.example.com`)
    expect(page.headers.get('origin-agent-cluster')).toBe('?1')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self';")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(await page.text()).toContain(`"allowedOrigins":["${HOST}","https://app.example.com"]`)
    const unknown = await fetch(`${a.url}/frame?projectId=nope&chainId=1&version=4`)
    expect(unknown.status).toBe(403)
    expect(await unknown.text()).toContain('Unauthorized: origin not allowed')
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    // The page's script and its chunks come from the built folder.
    const script = await fetch(`${a.url}/frame.js`)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect(await script.text()).toBe('export const page = 1\n')
    expect(await (await fetch(`${b.url}/chunks/solana-ABC.js`)).text()).toBe('export const chunk = 2\n')
    expect((await fetch(`${a.url}/../secrets.ts`)).status).toBe(404)
  })

  it('bad input gets a 4xx with the reason, never a 500', async () => {
    const raw = await fetch(`${a.url}/v1/email/start`, { method: 'POST', headers: { 'content-type': 'application/json', origin: a.url }, body: '{not json' })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({ error: 'Invalid request: the body must be JSON' })
    expect(await call(a, 'POST', '/v1/email/start', { ...caller, email: 'not-an-email', deviceId: newDevice() })).toEqual({
      status: 400,
      body: { error: 'Invalid request: email: Invalid email' },
    })
    expect((await call(a, 'POST', '/v1/email/verify', { ...caller, email: newEmail(), deviceId: newDevice(), otp: '12345' })).body.error).toBe(
      'Invalid request: otp: must be six digits',
    )
    expect((await call(a, 'POST', '/v1/email/start', { ...caller, email: newEmail(), deviceId: 'short' })).status).toBe(400)
    expect((await call(a, 'POST', '/v1/email/start', [1, 2])).status).toBe(400)
    expect(await get(a, '/v1/me', {}, 'not.a.token')).toEqual({ status: 401, body: { error: 'Session expired or signed out' } })
    expect(await get(a, '/v1/me', {})).toEqual({ status: 401, body: { error: 'Missing access token' } })
    expect((await call(a, 'GET', '/v1/shares/auth?namespace=bitcoin')).status).toBe(400)
    expect((await call(a, 'POST', '/v1/email/start', { ...caller, email: newEmail(), deviceId: newDevice(), pad: 'x'.repeat(20_000) })).status).toBe(413)
    expect((await call(a, 'POST', '/v1/nothing-here', {})).status).toBe(404)
  })

  it('stores key shares sealed: the auth share to its device, both to a newly verified device, none readable in a database dump', async () => {
    const email = newEmail()
    const deviceA = newDevice()
    const session = await login(email, deviceA)
    const shares = {
      eip155: { auth: randomBytes(33), recovery: randomBytes(33), address: `0x${randomBytes(20).toString('hex')}` },
      solana: { auth: randomBytes(33), recovery: randomBytes(33), address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
    }
    const upload = (token: string, deviceId: string, address = shares.eip155.address) =>
      call(
        a,
        'PUT',
        '/v1/wallets',
        {
          ...caller,
          deviceId,
          wallets: [
            { namespace: 'eip155', address, authShare: shares.eip155.auth.toString('base64'), recoveryShare: shares.eip155.recovery.toString('base64') },
            { namespace: 'solana', address: shares.solana.address, authShare: shares.solana.auth.toString('base64'), recoveryShare: shares.solana.recovery.toString('base64') },
          ],
        },
        token,
      )
    expect((await upload(session.accessToken, deviceA)).status).toBe(204)
    expect((await get(b, '/v1/me', {}, session.accessToken)).body.wallets).toEqual({ eip155: shares.eip155.address, solana: shares.solana.address })
    expect(await get(b, '/v1/shares/auth', { deviceId: deviceA, namespace: 'eip155' }, session.accessToken)).toEqual({
      status: 200,
      body: { share: shares.eip155.auth.toString('base64') },
    })
    // Another key for the same user is refused; another device's share is not this session's.
    expect((await upload(session.accessToken, deviceA, `0x${randomBytes(20).toString('hex')}`)).status).toBe(409)
    expect((await get(b, '/v1/shares/auth', { deviceId: newDevice(), namespace: 'eip155' }, session.accessToken)).status).toBe(403)
    // A known device's session may not take the recovery share.
    expect((await get(b, '/v1/shares/recovery', { namespace: 'eip155' }, session.accessToken)).status).toBe(403)

    // A new device, after its approval link and code and an existing device's consent, recovers both server shares.
    const deviceB = newDevice()
    const recovering = await login(email, deviceB, b)
    expect(recovering.recovery).toBe(true)
    expect((await get(a, '/v1/shares/recovery', { namespace: 'solana' }, recovering.accessToken)).status).toBe(403)
    expect((await call(b, 'POST', '/v1/devices/approve', { ...caller, deviceId: deviceB }, session.accessToken)).status).toBe(204)
    expect(await get(a, '/v1/shares/recovery', { namespace: 'solana' }, recovering.accessToken)).toEqual({
      status: 200,
      body: { authShare: shares.solana.auth.toString('base64'), recoveryShare: shares.solana.recovery.toString('base64') },
    })

    // The dump holds no share, in any encoding, nor the key-encryption key.
    const dump = await env.dump()
    expect(dump).toContain(session.user.id)
    for (const share of [shares.eip155.auth, shares.eip155.recovery, shares.solana.auth, shares.solana.recovery]) {
      for (const text of [share.toString('hex'), share.toString('base64'), share.toString('base64url'), share.toString('latin1')]) {
        expect(dump.includes(text)).toBe(false)
      }
    }
    expect(dump.includes(Buffer.from(kek, 'base64').toString('hex'))).toBe(false)
    // And codes, link tokens and refresh tokens are stored as keyed hashes only.
    expect(dump.includes(recovering.refreshToken)).toBe(false)
  })

  it('prunes what no rule reads any more: finished windows, past cooldowns, spent or expired codes and links, expired refresh tokens', async () => {
    const email = newEmail()
    const session = await login(email, newDevice())
    const db = env.opened!.db
    const count = async () => {
      const dump = await dumpRows(db)
      return { email: dump.split(email).length - 1 }
    }
    const before = await count()
    expect(before.email).toBeGreaterThan(2) // user, cooldown, rate window, approval link
    await pruneExpired(db, DEFAULT_LIMITS, new Date(Date.now() + offsetMs))
    // The hour's rate window and the user stay; the spent code went (its key names the email too).
    const soon = await count()
    expect(soon.email).toBeLessThan(before.email)
    advance(31 * 24 * 3600)
    await pruneExpired(db, DEFAULT_LIMITS, new Date(Date.now() + offsetMs))
    // Only the user row names the email now; the session stays, its refresh token is gone.
    expect((await count()).email).toBe(1)
    expect((await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken: session.refreshToken })).status).toBe(401)
  })

  it('moves a login to a new email with a code to the current address, then one to the new address', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const session = await login(email, deviceId)
    const next = newEmail()
    expect(await call(a, 'POST', '/v1/email/update', { ...caller, newEmail: next }, session.accessToken)).toEqual({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
    expect((await inbox(email))[0]!.subject).toBe('Confirm your email change on demo')
    expect(await call(b, 'POST', '/v1/email/update/primary', { ...caller, otp: await newestCode(email) }, session.accessToken)).toEqual({
      status: 200,
      body: { action: 'VERIFY_SECONDARY_OTP' },
    })
    expect(await call(a, 'POST', '/v1/email/update/secondary', { ...caller, otp: await newestCode(next) }, session.accessToken)).toEqual({ status: 200, body: { newEmail: next } })
    expect((await get(b, '/v1/me', {}, session.accessToken)).body.user.email).toBe(next)
    // The device stays known under the new email.
    advance(31)
    expect((await call(a, 'POST', '/v1/email/start', { ...caller, email: next, deviceId })).body).toEqual({ action: 'VERIFY_OTP' })
  })
  // ---- a new device's consent, the mailed links, the notices (issue 26) ----

  const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
  const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
  /** An instance behind a proxy (so a test picks the visitor's address) serving the project under its registered name. */
  const named = () => start({}, { clientAddressHeader: 'x-forwarded-for', projects: { [PROJECT]: { name: 'Acme Wallet', origins: [HOST] } } })
  /** A call as a browser makes it: its User-Agent, from an address. */
  const from = (server: FrameServer, userAgent: string, address: string) => async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        'user-agent': userAgent,
        'x-forwarded-for': address,
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: server.url }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const refuseLinkIn = (text: string) => /(http:\/\/\S+\/v1\/device\/refuse\?token=\S+)/.exec(text)?.[1]

  /** A login on a new device through `as` (its browser, its address), the link's button pressed. */
  async function loginAs(as: ReturnType<typeof from>, email: string, deviceId: string) {
    advance(31)
    const started = await as('POST', '/v1/email/start', { ...caller, email, deviceId })
    if (started.body.action === 'VERIFY_DEVICE') {
      expect((await pressLinkButton((await newestLink(email))!)).status).toBe(200)
      expect((await as('POST', '/v1/device/wait', { ...caller, email, deviceId })).body).toEqual({ approved: true })
    }
    const verified = await as('POST', '/v1/email/verify', { ...caller, email, deviceId, otp: await newestCode(email) })
    expect(verified.status).toBe(200)
    return verified.body as { accessToken: string; refreshToken: string; recovery: boolean }
  }

  /** An account whose first device holds an eip155 wallet (made-up shares: the server cannot tell). */
  async function accountWithWallet(as: ReturnType<typeof from>) {
    const email = newEmail()
    const deviceA = newDevice()
    const first = await loginAs(as, email, deviceA)
    const shares = { auth: randomBytes(33).toString('base64'), recovery: randomBytes(33).toString('base64') }
    const wallet = { namespace: 'eip155', address: `0x${randomBytes(20).toString('hex')}`, authShare: shares.auth, recoveryShare: shares.recovery }
    expect((await as('PUT', '/v1/wallets', { ...caller, deviceId: deviceA, wallets: [wallet] }, first.accessToken)).status).toBe(204)
    return { email, deviceA, first, shares, wallet }
  }

  it('a mail scanner cannot approve: GET and HEAD of the link change nothing; the page names site, device, network and time; only its button approves, from its own origin', async () => {
    const server = await named()
    const as = from(server, CHROME_ON_WINDOWS, '203.0.113.77')
    const email = newEmail()
    const deviceId = newDevice()
    expect((await as('POST', '/v1/email/start', { ...caller, email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const [mail] = await inbox(email)
    expect(mail!.subject).toBe('Approve a sign-in to Acme Wallet')
    expect(mail!.text).toContain('Site: Acme Wallet\nDevice: Chrome on Windows\nNetwork: 203.0.113.0/24\nTime: ')
    const link = (await newestLink(email))!

    // What a scanner does: fetch the link, with HEAD and GET, as often as it likes.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200)
    const page = await fetch(link)
    const html = await page.text()
    expect(await call(server, 'POST', '/v1/device/wait', { ...caller, email, deviceId })).toEqual({ status: 200, body: { approved: false } })
    // The page says who asks, and allows a form to post to its own origin only.
    expect(html).toContain('<dt>Site</dt><dd>Acme Wallet</dd><dt>Device</dt><dd>Chrome on Windows</dd><dt>Network</dt><dd>203.0.113.0/24</dd><dt>Time</dt><dd>')
    expect(html).toMatch(/<dd>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d UTC<\/dd>/)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(page.headers.get('referrer-policy')).toBe('same-origin')

    // The same POST from another origin, or with no Origin (a scanner), or not as a form, is refused.
    expect((await pressLinkButton(link, 'https://evil.example')).status).toBe(403)
    const token = new URL(link).searchParams.get('token')!
    const bare = await fetch(`${server.url}/v1/device/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}` })
    expect(bare.status).toBe(403)
    const json = await fetch(`${server.url}/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ token }),
    })
    expect(json.status).toBe(403)
    expect(await call(server, 'POST', '/v1/device/wait', { ...caller, email, deviceId })).toEqual({ status: 200, body: { approved: false } })

    // The button: approved.
    const pressed = await pressLinkButton(link)
    expect(await pressed.text()).toContain('This device is approved. Go back to the site.')
    expect(await call(server, 'POST', '/v1/device/wait', { ...caller, email, deviceId })).toEqual({ status: 200, body: { approved: true } })
    const code = await inbox(email)
    expect(code[0]!.subject).toBe('Your sign-in code for Acme Wallet')
    for (const sent of code) expect(sent.subject).not.toMatch(/\d{6}/)
  })

  it('a new device gets no share until an existing device approves it inside its frame; the account is told at once, and when the shares go out', async () => {
    const server = await named()
    const onA = from(server, FIREFOX_ON_LINUX, '198.51.100.20')
    const onB = from(server, CHROME_ON_WINDOWS, '2001:db8:abcd:12:1:2:3:4')
    const { email, deviceA, first, shares } = await accountWithWallet(onA)
    const deviceB = newDevice()
    const second = await loginAs(onB, email, deviceB)
    expect(second.recovery).toBe(true)

    // Held: a 403 that says what to do and until when (48 h from the first ask).
    const asked = Date.now() + offsetMs
    const held = await onB('GET', `/v1/shares/recovery?${new URLSearchParams({ ...caller, namespace: 'eip155' })}`, undefined, second.accessToken)
    expect(held.status).toBe(403)
    expect(held.body.error).toBe('Approve this device on a device you already use, or wait until the time given')
    expect(Math.abs(Date.parse(held.body.releaseAt) - (asked + 48 * 3600 * 1000))).toBeLessThan(5_000)
    // Nor may it store a split of its own (made-up shares would make it look like a device that holds the wallet).
    const forged = {
      namespace: 'eip155',
      address: (await get(server, '/v1/me', {}, second.accessToken)).body.wallets.eip155,
      authShare: shares.auth,
      recoveryShare: shares.recovery,
    }
    expect((await onB('PUT', '/v1/wallets', { ...caller, deviceId: deviceB, wallets: [forged] }, second.accessToken)).status).toBe(403)
    // Nor approve itself.
    expect((await onB('POST', '/v1/devices/approve', { ...caller, deviceId: deviceB }, second.accessToken)).status).toBe(403)

    // The account's address was told at once: the device, its network, the time, when the shares go out, a refuse link.
    const [notice] = await inbox(email)
    expect(notice!.subject).toBe('A new device asked for your Acme Wallet wallet')
    expect(notice!.text).toContain('Site: Acme Wallet\nDevice: Chrome on Windows\nNetwork: 2001:db8:abcd:12::/64\nTime: ')
    expect(refuseLinkIn(notice!.text)).toBeDefined()

    // Device A's frame sees it waiting, with what its panel shows, and approves it.
    const pending = await onA('GET', `/v1/devices/pending?${new URLSearchParams(caller)}`, undefined, first.accessToken)
    expect(pending.body.devices).toEqual([expect.objectContaining({ deviceId: deviceB, device: 'Chrome on Windows', network: '2001:db8:abcd:12::/64', site: 'Acme Wallet' })])
    expect((await onA('POST', '/v1/devices/approve', { ...caller, deviceId: deviceB }, first.accessToken)).status).toBe(204)
    const released = await onB('GET', `/v1/shares/recovery?${new URLSearchParams({ ...caller, namespace: 'eip155' })}`, undefined, second.accessToken)
    expect(released).toEqual({ status: 200, body: { authShare: shares.auth, recoveryShare: shares.recovery } })
    expect((await onA('GET', `/v1/devices/pending?${new URLSearchParams(caller)}`, undefined, first.accessToken)).body.devices).toEqual([])

    // The share fetch is mailed, once.
    await onB('GET', `/v1/shares/recovery?${new URLSearchParams({ ...caller, namespace: 'eip155' })}`, undefined, second.accessToken)
    const subjects = (await inbox(email)).map((mail) => mail.subject)
    expect(subjects.filter((subject) => subject === 'Your Acme Wallet wallet was opened on a new device')).toHaveLength(1)
    const fetched = (await inbox(email)).find((mail) => mail.subject === 'Your Acme Wallet wallet was opened on a new device')!
    expect(fetched.text).toContain('Device: Chrome on Windows\nNetwork: 2001:db8:abcd:12::/64')
    for (const subject of subjects) expect(subject).not.toMatch(/\d{6}/)
    expect(deviceA).not.toBe(deviceB)
  })

  it('without an approval the shares go out after 48 hours (the server clock moved); a refused device never gets them', async () => {
    const server = await named()
    const onA = from(server, FIREFOX_ON_LINUX, '198.51.100.20')
    const onB = from(server, CHROME_ON_WINDOWS, '192.0.2.8')
    const { email, shares } = await accountWithWallet(onA)
    const recovery = (token: string) => onB('GET', `/v1/shares/recovery?${new URLSearchParams({ ...caller, namespace: 'eip155' })}`, undefined, token)

    // Device B waits out the delay: held at 47 h 59 min, served after 48 h.
    const second = await loginAs(onB, email, newDevice())
    expect((await recovery(second.accessToken)).status).toBe(403)
    advance(48 * 3600 - 60)
    const stillHeld = await onB('POST', '/v1/session/refresh', { ...caller, refreshToken: second.refreshToken })
    expect((await recovery(stillHeld.body.accessToken)).status).toBe(403)
    advance(61)
    const later = await onB('POST', '/v1/session/refresh', { ...caller, refreshToken: stillHeld.body.refreshToken })
    expect(await recovery(later.body.accessToken)).toEqual({ status: 200, body: { authShare: shares.auth, recoveryShare: shares.recovery } })

    // Device C is refused through the mailed link: opening it refuses nothing, its button does, from its own origin only.
    const third = await loginAs(onB, email, newDevice())
    expect((await recovery(third.accessToken)).status).toBe(403)
    const notice = (await inbox(email)).find((mail) => mail.subject === 'A new device asked for your Acme Wallet wallet')!
    const refuseLink = refuseLinkIn(notice.text)!
    expect((await fetch(refuseLink, { method: 'HEAD' })).status).toBe(200)
    const page = await (await fetch(refuseLink)).text()
    expect(page).toContain('<dt>Device</dt><dd>Chrome on Windows</dd><dt>Network</dt><dd>192.0.2.0/24</dd>')
    expect((await pressLinkButton(refuseLink, 'https://evil.example')).status).toBe(403)
    expect((await recovery(third.accessToken)).body.error).toBe('Approve this device on a device you already use, or wait until the time given')
    expect(await (await pressLinkButton(refuseLink)).text()).toContain('This device is refused.')
    // Never: not at once, not after the delay, not on an approval.
    expect(await recovery(third.accessToken)).toEqual({ status: 403, body: { error: 'This device was refused access to the wallet' } })
    advance(49 * 3600)
    const refreshed = await onB('POST', '/v1/session/refresh', { ...caller, refreshToken: third.refreshToken })
    expect(await recovery(refreshed.body.accessToken)).toEqual({ status: 403, body: { error: 'This device was refused access to the wallet' } })
  })

  it('an email change does not tell step 1 whether the new address has an account; it is refused once that address is proven, and the old address is told', async () => {
    const server = await named()
    const as = from(server, FIREFOX_ON_LINUX, '198.51.100.20')
    const email = newEmail()
    const taken = newEmail()
    await loginAs(as, taken, newDevice())
    const session = await loginAs(as, email, newDevice())
    const free = newEmail()
    // Step 1: the same answer for a taken address as for a free one.
    advance(31)
    const toTaken = await as('POST', '/v1/email/update', { ...caller, newEmail: taken }, session.accessToken)
    advance(31)
    const toFree = await as('POST', '/v1/email/update', { ...caller, newEmail: free }, session.accessToken)
    expect(toTaken).toEqual({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
    expect(toFree).toEqual(toTaken)
    // Proven (its code entered), the taken address is refused.
    advance(31)
    await as('POST', '/v1/email/update', { ...caller, newEmail: taken }, session.accessToken)
    await as('POST', '/v1/email/update/primary', { ...caller, otp: await newestCode(email) }, session.accessToken)
    expect(await as('POST', '/v1/email/update/secondary', { ...caller, otp: await newestCode(taken) }, session.accessToken)).toEqual({
      status: 409,
      body: { error: 'This email is already in use' },
    })
    // A free one moves, and the old address hears of it, with who, where and when.
    advance(31)
    await as('POST', '/v1/email/update', { ...caller, newEmail: free }, session.accessToken)
    await as('POST', '/v1/email/update/primary', { ...caller, otp: await newestCode(email) }, session.accessToken)
    expect((await as('POST', '/v1/email/update/secondary', { ...caller, otp: await newestCode(free) }, session.accessToken)).status).toBe(200)
    const [changed] = await inbox(email)
    expect(changed!.subject).toBe('Your Acme Wallet wallet login email was changed')
    expect(changed!.text).toContain(free)
    expect(changed!.text).toContain('Site: Acme Wallet\nDevice: Firefox on Linux\nNetwork: 198.51.100.0/24\nTime: ')
    for (const mail of [...(await inbox(email)), ...(await inbox(free))]) expect(mail.subject).not.toMatch(/\d{6}/)
  })

  it('a session refreshes for at most 90 days after its login, however often it is refreshed', async () => {
    const session = await login(newEmail(), newDevice())
    let refreshToken = session.refreshToken
    // Every 29 days, inside the 30-day refresh window: fine until day 87.
    for (let day = 29; day <= 87; day += 29) {
      advance(29 * 24 * 3600)
      const refreshed = await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken })
      expect(refreshed.status).toBe(200)
      refreshToken = refreshed.body.refreshToken
    }
    // Day 90 and a bit: the token is well inside its own window, but the login is too old.
    advance(3 * 24 * 3600 + 60)
    expect(await call(a, 'POST', '/v1/session/refresh', { ...caller, refreshToken })).toEqual({
      status: 401,
      body: { error: 'Session expired or signed out' },
    })
  })
})
