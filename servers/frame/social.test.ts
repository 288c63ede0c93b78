import { randomBytes, randomUUID } from 'node:crypto'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalOidcProvider, startOidcProvider } from '../../demo/peers/oidc.ts'
import { type OpenedDatabase, frameTables, openDatabase } from '../db/index.ts'
import { optionsFromEnv } from './env.ts'
import { type FrameServer, startFrameServer } from './server.ts'
import { SocialRefusal } from './social/login.ts'

// Social login on the frame server against a real OpenID provider (oidc-provider on 127.0.0.1),
// on PGlite: the code flow with state, PKCE and nonce through openid-client, the identity bound
// to a user, and every refusal leaving no identity and no session behind.

const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }
const FRAME_PORT = 0

let opened: OpenedDatabase
let frame: FrameServer
let oidc: LocalOidcProvider
/** The frame server's clock runs this far ahead. */
let offsetMs = 0

beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  // The callback must be known before the provider registers it: a fixed public URL, then the port.
  frame = await startFrameServer({
    port: FRAME_PORT,
    database: { db: opened.db },
    smtpUrl: 'smtp://127.0.0.1:1',
    mailFrom: 'test <t@example.com>',
    keyEncryptionKey: randomBytes(32).toString('base64'),
    sessionSecret: randomBytes(32).toString('hex'),
    projects: { demo: [HOST] },
  })
  const callbackUrl = `${frame.url}/v1/social/callback`
  await frame.close()
  oidc = await startOidcProvider({
    callbackUrl,
    users: [
      { id: 'alice', name: 'Alice', email: 'alice@example.com', emailVerified: true },
      { id: 'dave', name: 'Dave', email: 'dave@example.com', emailVerified: true },
      { id: 'erin', name: 'Erin', email: 'erin@example.com', emailVerified: false },
    ],
  })
  frame = await startFrameServer({
    port: Number(new URL(frame.url).port),
    database: { db: opened.db },
    smtpUrl: 'smtp://127.0.0.1:1',
    mailFrom: 'test <t@example.com>',
    keyEncryptionKey: randomBytes(32).toString('base64'),
    sessionSecret: randomBytes(32).toString('hex'),
    projects: { demo: [HOST] },
    socials: { google: oidc.socials.google, github: oidc.socials.github },
    now: () => new Date(Date.now() + offsetMs),
  })
}, 120_000)

afterAll(async () => {
  await frame?.close()
  await oidc?.close()
  await opened?.close()
})

const post = async (path: string, body: Record<string, unknown>) => {
  const response = await fetch(`${frame.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: frame.url }, body: JSON.stringify({ ...caller, ...body }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** What a frame keeps for its login: the binding secret, and its device id. */
const newFrame = () => ({ binding: randomBytes(32).toString('base64url'), deviceId: randomUUID() })

async function start(provider: string, binding: string): Promise<string> {
  const { status, body } = await post('/v1/social/start', { provider, binding, returnUrl: `${HOST}/app?x=1` })
  expect(status).toBe(200)
  return body.uri as string
}

/**
 * A tester at the provider: follows its redirects with a cookie jar, picks `user` on the login
 * page, and stops at the frame server's callback, whose URL it returns (not followed).
 */
async function pickUser(uri: string, user: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = new URL(uri)
  let init: RequestInit = {}
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(`${frame.url}/v1/social/callback`)) return url
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie } })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      jar.set(name!, value.join('='))
    }
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      init = {}
      continue
    }
    const html = await response.text()
    const action = /action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`no login form at ${url.href}: ${response.status} ${html.slice(0, 200)}`)
    url = new URL(action, url)
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `user=${user}` }
  }
  throw new Error('too many redirects')
}

/** A whole login by `user` up to the callback's query string (what the host page hands the frame). */
async function loginAt(provider: string, user: string, frameSide = newFrame()) {
  const callback = await pickUser(await start(provider, frameSide.binding), user)
  return { ...frameSide, callback: callback.search.slice(1) }
}

const connect = (login: { binding: string; deviceId: string; callback: string }) => post('/v1/social/connect', login)

const { socialIdentities, sessions, socialRequests } = frameTables
async function stored() {
  const [identities] = await opened.db.select({ n: count() }).from(socialIdentities)
  const [open] = await opened.db.select({ n: count() }).from(sessions)
  return { identities: identities!.n, sessions: open!.n }
}

describe('social login on the frame server (oidc-provider, PGlite)', () => {
  it('starts with state, S256 PKCE and a nonce at the configured issuer and the frame server callback', async () => {
    const uri = new URL(await start('google', newFrame().binding))
    expect(uri.origin).toBe(oidc.issuer)
    expect(uri.searchParams.get('client_id')).toBe('portico-google')
    expect(uri.searchParams.get('redirect_uri')).toBe(`${frame.url}/v1/social/callback`)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(uri.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(uri.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(uri.searchParams.get('scope')).toBe('openid email profile')
  })

  it('the callback sends the answer on to the host page that started the login, in the fragment', async () => {
    const frameSide = newFrame()
    const callback = await pickUser(await start('google', frameSide.binding), 'alice')
    const response = await fetch(callback, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const target = new URL(response.headers.get('location')!)
    expect(`${target.origin}${target.pathname}${target.search}`).toBe(`${HOST}/app?x=1`)
    expect(decodeURIComponent(target.hash.replace('#portico_social=', ''))).toBe(callback.search.slice(1))
  })

  it('logs in, binds (google, subject) to one user, and the same identity again reaches the same user', async () => {
    const first = await connect(await loginAt('google', 'alice'))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ userName: 'alice', user: { email: 'alice@example.com' }, recovery: false })
    expect(first.body.accessToken).toBeTypeOf('string')
    const again = await connect(await loginAt('google', 'alice'))
    expect(again.status).toBe(200)
    expect((again.body.user as { id: string }).id).toBe((first.body.user as { id: string }).id)
  })

  it('a verified email joins the email user of that address; an unverified one does not', async () => {
    const { users } = frameTables
    const [dave] = await opened.db.insert(users).values({ email: 'dave@example.com', createdAt: new Date() }).returning()
    const [erin] = await opened.db.insert(users).values({ email: 'erin@example.com', createdAt: new Date() }).returning()
    const byDave = await connect(await loginAt('google', 'dave'))
    expect((byDave.body.user as { id: string }).id).toBe(dave!.id)
    const byErin = await connect(await loginAt('google', 'erin'))
    expect(byErin.status).toBe(200)
    expect(byErin.body.user).toMatchObject({ email: null })
    expect((byErin.body.user as { id: string }).id).not.toBe(erin!.id)
  })

  it('the same subject through another provider is another identity', async () => {
    const byGoogle = await connect(await loginAt('google', 'erin'))
    const byGithub = await connect(await loginAt('github', 'erin'))
    expect(byGithub.status).toBe(200)
    expect((byGithub.body.user as { id: string }).id).not.toBe((byGoogle.body.user as { id: string }).id)
  })

  it('refuses a tampered state, another frame\'s binding, a replay, a replayed code, a wrong issuer and an expired nonce, storing nothing', async () => {
    const before = await stored()

    const tampered = await loginAt('google', 'alice')
    const params = new URLSearchParams(tampered.callback)
    params.set('state', `${params.get('state')!.slice(0, -2)}xx`)
    expect(await connect({ ...tampered, callback: params.toString() })).toEqual({ status: 400, body: { error: SocialRefusal.STATE_MISMATCH } })
    const callbackPage = await fetch(`${frame.url}/v1/social/callback?${params}`)
    expect(callbackPage.status).toBe(400)
    expect(await callbackPage.text()).toContain(SocialRefusal.STATE_MISMATCH)

    const stolen = await loginAt('google', 'alice')
    expect(await connect({ ...stolen, binding: newFrame().binding })).toEqual({ status: 400, body: { error: SocialRefusal.STATE_MISMATCH } })

    // A spent login: its answer presented again.
    const once = await loginAt('google', 'alice')
    const sessionsBeforeOnce = (await stored()).sessions
    expect((await connect(once)).status).toBe(200)
    expect(await connect(once)).toEqual({ status: 400, body: { error: SocialRefusal.REPLAYED } })
    const spentCallback = await fetch(`${frame.url}/v1/social/callback?${once.callback}`)
    expect(await spentCallback.text()).toContain(SocialRefusal.REPLAYED)
    // The spent code under a fresh login's state: the provider refuses it.
    const fresh = await loginAt('google', 'alice')
    const replayed = new URLSearchParams(fresh.callback)
    replayed.set('code', new URLSearchParams(once.callback).get('code')!)
    expect(await connect({ ...fresh, callback: replayed.toString() })).toEqual({ status: 400, body: { error: SocialRefusal.CODE_REFUSED } })

    const wrongIssuer = await loginAt('google', 'alice')
    const forged = new URLSearchParams(wrongIssuer.callback)
    expect(forged.get('iss')).toBe(oidc.issuer)
    forged.set('iss', 'https://accounts.google.com')
    expect(await connect({ ...wrongIssuer, callback: forged.toString() })).toEqual({ status: 400, body: { error: SocialRefusal.WRONG_ISSUER } })

    // Ten minutes is the limit: at 10 min + 1 s the nonce is too old.
    const late = await loginAt('google', 'alice')
    offsetMs = 10 * 60 * 1000 + 1000
    try {
      const latePage = await fetch(`${frame.url}/v1/social/callback?${late.callback}`)
      expect(await latePage.text()).toContain(SocialRefusal.EXPIRED)
      expect(await connect(late)).toEqual({ status: 400, body: { error: SocialRefusal.EXPIRED } })
    } finally {
      offsetMs = 0
    }

    const after = await stored()
    expect(after.identities).toBe(before.identities)
    // Only the one good login opened a session.
    expect(after.sessions).toBe(sessionsBeforeOnce + 1)
  })

  it('refuses an unconfigured provider, a return to another origin, and an unknown project origin', async () => {
    const binding = newFrame().binding
    expect(await post('/v1/social/start', { provider: 'discord', binding, returnUrl: `${HOST}/` })).toEqual({
      status: 400,
      body: { error: `${SocialRefusal.NOT_CONFIGURED}: discord` },
    })
    expect((await post('/v1/social/start', { provider: 'google', binding, returnUrl: 'https://evil.example/' })).status).toBe(400)
    expect((await post('/v1/social/start', { provider: 'google', binding, returnUrl: `${HOST}/`, hostOrigin: 'https://evil.example' })).status).toBe(403)
    const [left] = await opened.db.select({ n: count() }).from(socialRequests)
    expect(left!.n).toBeGreaterThan(0)
  })
})

describe('social providers from the environment', () => {
  const base = {
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'x <x@example.com>',
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SESSION_SECRET: 'a'.repeat(32),
    ALLOWED_ORIGINS: 'demo=http://127.0.0.1:5173',
  }
  it('turns a provider on with its client id and secret, with an issuer or all three endpoints', () => {
    const options = optionsFromEnv(
      {
        ...base,
        SOCIAL_GOOGLE_CLIENT_ID: 'g',
        SOCIAL_GOOGLE_CLIENT_SECRET: 's',
        SOCIAL_GITHUB_CLIENT_ID: 'h',
        SOCIAL_GITHUB_CLIENT_SECRET: 't',
        SOCIAL_APPLE_CLIENT_ID: 'a',
        SOCIAL_APPLE_CLIENT_SECRET: 'jwt',
        SOCIAL_APPLE_ISSUER: 'http://127.0.0.1:9000',
      },
      '/tmp',
    )
    expect(options.socials).toEqual({
      google: { clientId: 'g', clientSecret: 's' },
      github: { clientId: 'h', clientSecret: 't' },
      apple: { clientId: 'a', clientSecret: 'jwt', issuer: 'http://127.0.0.1:9000' },
    })
  })
  it('names what is missing', () => {
    expect(() => optionsFromEnv({ ...base, SOCIAL_X_CLIENT_ID: 'x' }, '/tmp')).toThrow('SOCIAL_X_CLIENT_SECRET')
    expect(() =>
      optionsFromEnv({ ...base, SOCIAL_X_CLIENT_ID: 'x', SOCIAL_X_CLIENT_SECRET: 'y', SOCIAL_X_TOKEN_URL: 'https://t.example/' }, '/tmp'),
    ).toThrow('SOCIAL_X_AUTHORIZATION_URL, SOCIAL_X_TOKEN_URL and SOCIAL_X_USERINFO_URL go together')
  })
})
