import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalOidcProvider, startOidcProvider } from '../../demo/peers/oidc.ts'
import { type OpenedDatabase, frameTables, openDatabase } from '../db/index.ts'
import { optionsFromEnv } from './env.ts'
import { type FrameServer, startFrameServer } from './server.ts'
import { DEFAULT_LIMITS } from './options.ts'
import { FINISHED_ELSEWHERE } from './social/pages.ts'
import { SocialRefusal } from './social/login.ts'
import { pruneExpired } from './store/prune.ts'

// Social login on the frame server against a real OpenID provider (oidc-provider on 127.0.0.1),
// on PGlite: the frame's start, the browser's begin link (its cookie), the code flow with state,
// PKCE and nonce exchanged at the callback through openid-client, the one-time result the frame
// redeems with its binding, and every refusal leaving no identity and no session behind. Each
// "browser" here is a cookie jar: the attacker's and the victim's are two.

const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }
const RETURN_URL = `${HOST}/app?x=1`
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
    projects: { demo: { origins: [HOST], returnUrls: [RETURN_URL] } },
    socials: { google: oidc.socials.google, github: oidc.socials.github, apple: oidc.socials.apple },
    now: () => new Date(Date.now() + offsetMs),
  })
}, 120_000)

afterAll(async () => {
  await frame?.close()
  await oidc?.close()
  await opened?.close()
})

const post = async (path: string, body: Record<string, unknown>) => {
  const response = await fetch(`${frame.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: frame.url },
    body: JSON.stringify({ ...caller, ...body }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** What a frame keeps for its login: the binding secret, and its device id. */
const newFrame = () => ({ binding: randomBytes(32).toString('base64url'), deviceId: randomUUID() })

/** The frame starts a login; the begin link on the frame server it gets back. */
async function start(provider: string, binding: string, flow: 'popup' | 'redirect' = 'popup'): Promise<string> {
  const { status, body } = await post('/v1/social/start', { provider, binding, flow, ...(flow === 'redirect' ? { returnUrl: RETURN_URL } : {}) })
  expect(status).toBe(200)
  return body.uri as string
}

/** A browser: its cookie jar (shared, as a browser's, by every port of 127.0.0.1). */
type Browser = ReturnType<typeof newBrowser>
function newBrowser() {
  const jar = new Map<string, string>()
  return {
    jar,
    async fetch(url: URL | string, init: RequestInit = {}): Promise<Response> {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } })
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';')
        const [name, ...value] = pair!.split('=')
        if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name!.trim())
        else jar.set(name!.trim(), value.join('='))
      }
      return response
    },
  }
}

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : ({ amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" } as Record<string, string>)[e.toLowerCase()]!,
  )

/** The provider's answer on its way to the frame server's callback: a GET address, or Apple's form POST. */
interface Answer {
  readonly url: URL
  readonly form?: URLSearchParams
}

/**
 * A visitor in `browser`: follows `uri` (a begin link or the provider's address) through its
 * redirects, picks `user` on the provider's page, and stops at the frame server's callback
 * (not sent), returning the answer.
 */
async function toCallback(browser: Browser, uri: string, user: string): Promise<Answer> {
  const callback = `${frame.url}/v1/social/callback`
  let url = new URL(uri)
  let init: RequestInit = {}
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(callback)) return { url }
    const response = await browser.fetch(url, init)
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      init = {}
      continue
    }
    const html = await response.text()
    const action = /action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`no form at ${url.href}: ${response.status} ${html.slice(0, 300)}`)
    const target = new URL(decode(action), url)
    if (target.href.startsWith(callback)) {
      const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, decode(m[2]!)] as [string, string])
      return { url: target, form: new URLSearchParams(inputs) }
    }
    url = target
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `user=${user}` }
  }
  throw new Error('too many redirects')
}

/** The browser delivers the answer to the callback. */
const deliver = (browser: Browser, answer: Answer) =>
  answer.form
    ? browser.fetch(answer.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: answer.form.toString() })
    : browser.fetch(answer.url)

/** The result secret the callback hands over: in the popup page's script, or in the return URL's fragment. */
async function resultOf(response: Response): Promise<string> {
  const location = response.headers.get('location')
  if (location) return new URLSearchParams(new URL(location).hash.slice(1)).get('portico_social')!
  const html = await response.text()
  return /"result":"([\w-]+)"/.exec(html)![1]!
}

/** A whole login by `user` in one browser, up to the result the frame redeems. */
async function loginAt(provider: string, user: string, frameSide = newFrame(), flow: 'popup' | 'redirect' = 'popup') {
  const browser = newBrowser()
  const response = await deliver(browser, await toCallback(browser, await start(provider, frameSide.binding, flow), user))
  expect(response.status).toBe(flow === 'popup' ? 200 : 303)
  return { ...frameSide, result: await resultOf(response) }
}

const connect = (login: { binding: string; deviceId: string; result: string }) => post('/v1/social/connect', login)

const { socialIdentities, sessions, socialRequests } = frameTables
async function stored() {
  const [identities] = await opened.db.select({ n: count() }).from(socialIdentities)
  const [open] = await opened.db.select({ n: count() }).from(sessions)
  return { identities: identities!.n, sessions: open!.n }
}

const refusal = async (response: Response, text: string) => {
  expect(response.status).toBe(400)
  expect(await response.text()).toContain(text)
}

describe('social login on the frame server (oidc-provider, PGlite)', () => {
  it('start gives a one-time begin link on the frame server; begin sets the browser cookie and goes to the issuer with state, S256 PKCE, nonce and prompt=select_account', async () => {
    const uri = new URL(await start('google', newFrame().binding))
    expect(`${uri.origin}${uri.pathname}`).toBe(`${frame.url}/v1/social/begin`)
    const response = await newBrowser().fetch(uri)
    expect(response.status).toBe(303)
    const cookie = response.headers.getSetCookie()
    expect(cookie).toHaveLength(1)
    expect(cookie[0]).toMatch(/^__Host-portico-social-[\w-]+=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=None$/)
    const at = new URL(response.headers.get('location')!)
    expect(at.origin).toBe(oidc.issuer)
    expect(at.searchParams.get('client_id')).toBe('portico-google')
    expect(at.searchParams.get('redirect_uri')).toBe(`${frame.url}/v1/social/callback`)
    expect(at.searchParams.get('code_challenge_method')).toBe('S256')
    expect(at.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(at.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(at.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(at.searchParams.get('scope')).toBe('openid email profile')
    expect(at.searchParams.get('prompt')).toBe('select_account')
    expect(at.searchParams.get('response_mode')).toBeNull()
  })

  it("popup flow: the callback exchanges the code and answers a page on its origin that hands the result to the opener's frames, addressed to this origin only", async () => {
    const browser = newBrowser()
    const answer = await toCallback(browser, await start('google', newFrame().binding), 'alice')
    const response = await deliver(browser, answer)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy')!
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    // The browser cookie is spent with the login.
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-portico-social-[\w-]+=; Max-Age=0;/)
    const html = await response.text()
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(html).toContain(`"origin":"${new URL(frame.url).origin}"`)
    expect(html).toContain('opener.frames[i].postMessage({ type: d.type, result: d.result }, d.origin)')
    expect(html).toContain(`"elsewhere":"${FINISHED_ELSEWHERE}"`)
    // Nothing of the provider's answer is in it.
    expect(html).not.toContain(answer.url.searchParams.get('code')!)
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

  it("the attack: a login the attacker started, completed by the victim in the victim's browser, gives the attacker nothing", async () => {
    const before = await stored()
    const attacker = newFrame()
    const attackerBrowser = newBrowser()
    const victimBrowser = newBrowser()

    // 1. The attacker follows its begin link (its browser gets the cookie) and sends the victim the provider's address.
    const begun = await attackerBrowser.fetch(await start('google', attacker.binding))
    const providerLink = begun.headers.get('location')!
    expect(new URL(providerLink).origin).toBe(oidc.issuer)
    const victimAnswer = await toCallback(victimBrowser, providerLink, 'alice')
    await refusal(await deliver(victimBrowser, victimAnswer), SocialRefusal.OTHER_BROWSER)
    // The victim's answer, stolen and replayed in the attacker's browser (which holds the cookie): that login is over.
    await refusal(await deliver(attackerBrowser, victimAnswer), SocialRefusal.REPLAYED)
    expect(await connect({ ...attacker, result: randomBytes(32).toString('base64url') })).toEqual({ status: 400, body: { error: SocialRefusal.STATE_MISMATCH } })

    // 2. The attacker sends the victim its begin link instead: the victim logs in, the result stays in the victim's popup page.
    const second = newFrame()
    const beginLink = await start('google', second.binding)
    const victimPage = await deliver(victimBrowser, await toCallback(victimBrowser, beginLink, 'alice'))
    expect(victimPage.status).toBe(200)
    const victimResult = await resultOf(victimPage)
    // The begin link is spent: the attacker cannot follow it too.
    await refusal(await attackerBrowser.fetch(beginLink), SocialRefusal.REPLAYED)
    // Without the result the attacker's frame has nothing to redeem; had the result leaked, the victim's frame presenting it first burns it.
    expect(await connect({ ...second, deviceId: randomUUID(), result: randomBytes(32).toString('base64url') })).toEqual({
      status: 400,
      body: { error: SocialRefusal.STATE_MISMATCH },
    })
    expect(await connect({ ...newFrame(), result: victimResult })).toEqual({ status: 400, body: { error: SocialRefusal.STATE_MISMATCH } })
    expect(await connect({ ...second, result: victimResult })).toEqual({ status: 400, body: { error: SocialRefusal.REPLAYED } })

    // No session was opened, so no key share can be read, and no identity bound.
    expect(await stored()).toEqual(before)
  })

  it("refuses a callback without the begin cookie, or with another login's cookie", async () => {
    const bare = newBrowser()
    const begun = await bare.fetch(await start('google', newFrame().binding))
    const answer = await toCallback(bare, begun.headers.get('location')!, 'alice')
    bare.jar.clear()
    await refusal(await bare.fetch(answer.url), SocialRefusal.OTHER_BROWSER)

    const browser = newBrowser()
    const mine = await browser.fetch(await start('google', newFrame().binding))
    const cookie = [...browser.jar].find(([name]) => name.startsWith('__Host-portico-social-'))!
    const other = newBrowser()
    const theirs = await other.fetch(await start('google', newFrame().binding))
    const [theirName] = [...other.jar].find(([name]) => name.startsWith('__Host-portico-social-'))!
    other.jar.set(theirName, cookie[1])
    expect(mine.status).toBe(303)
    await refusal(await deliver(other, await toCallback(other, theirs.headers.get('location')!, 'alice')), SocialRefusal.OTHER_BROWSER)
  })

  it('a begin link works once, and within 60 s', async () => {
    const link = await start('google', newFrame().binding)
    expect((await newBrowser().fetch(link)).status).toBe(303)
    await refusal(await newBrowser().fetch(link), SocialRefusal.REPLAYED)

    const late = await start('google', newFrame().binding)
    offsetMs = 61_000
    try {
      await refusal(await newBrowser().fetch(late), SocialRefusal.EXPIRED)
    } finally {
      offsetMs = 0
    }
    await refusal(await newBrowser().fetch(`${frame.url}/v1/social/begin?t=${randomBytes(32).toString('base64url')}`), SocialRefusal.STATE_MISMATCH)
  })

  it('the result is redeemed once, with the binding of the frame that started the login only', async () => {
    const once = await loginAt('google', 'alice')
    expect((await connect(once)).status).toBe(200)
    expect(await connect(once)).toEqual({ status: 400, body: { error: SocialRefusal.REPLAYED } })

    const before = await stored()
    const wrong = await loginAt('google', 'alice')
    expect(await connect({ ...wrong, binding: newFrame().binding })).toEqual({ status: 400, body: { error: SocialRefusal.STATE_MISMATCH } })
    // A result presented with a wrong binding is burnt: the right frame cannot use it after.
    expect(await connect(wrong)).toEqual({ status: 400, body: { error: SocialRefusal.REPLAYED } })
    expect(await stored()).toEqual(before)
  })

  it("redirect flow: only to a registered return URL, exactly; the fragment carries the result, never the provider's answer", async () => {
    const binding = newFrame().binding
    for (const returnUrl of [undefined, `${HOST}/app?x=1&y=2`, `${HOST}/app?x=1#a`, `${HOST}/app`, `${HOST}/App?x=1`, 'https://evil.example/app?x=1']) {
      const refused = await post('/v1/social/start', { provider: 'google', binding, flow: 'redirect', ...(returnUrl ? { returnUrl } : {}) })
      expect(refused).toEqual({ status: 400, body: { error: "Invalid request: returnUrl must be one of the project's registered return URLs" } })
    }
    const browser = newBrowser()
    const frameSide = newFrame()
    const answer = await toCallback(browser, await start('google', frameSide.binding, 'redirect'), 'alice')
    const response = await deliver(browser, answer)
    expect(response.status).toBe(303)
    const target = new URL(response.headers.get('location')!)
    expect(`${target.origin}${target.pathname}${target.search}`).toBe(RETURN_URL)
    expect(target.hash).toMatch(/^#portico_social=[\w-]{43}$/)
    expect(target.href).not.toContain(answer.url.searchParams.get('code')!)
    expect(target.href).not.toContain(answer.url.searchParams.get('state')!)
    const redeemed = await connect({ ...frameSide, result: target.hash.slice('#portico_social='.length) })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body).toMatchObject({ userName: 'alice' })
  })

  it('Apple: the answer comes as a form POST (response_mode=form_post), who logged in is read from the ID token, and the user endpoint is never asked', async () => {
    const link = await start('apple', newFrame().binding)
    const at = new URL((await newBrowser().fetch(link)).headers.get('location')!)
    expect(at.searchParams.get('response_mode')).toBe('form_post')
    expect(at.searchParams.get('prompt')).toBeNull()
    expect(at.searchParams.get('scope')).toBe('openid email')

    const userinfoBefore = oidc.userinfoRequests
    const frameSide = newFrame()
    const browser = newBrowser()
    const answer = await toCallback(browser, await start('apple', frameSide.binding), 'alice')
    expect(answer.form?.get('code')).toBeTruthy()
    const response = await deliver(browser, answer)
    expect(response.status).toBe(200)
    const logged = await connect({ ...frameSide, result: await resultOf(response) })
    expect(logged.status).toBe(200)
    expect(logged.body).toMatchObject({ userName: 'alice@example.com', user: { email: 'alice@example.com' } })
    expect(oidc.userinfoRequests).toBe(userinfoBefore)
    // Google's login does ask it (the counter counts).
    await connect(await loginAt('google', 'alice'))
    expect(oidc.userinfoRequests).toBe(userinfoBefore + 1)
  })

  it('the PKCE verifier is sealed in the database while the login is under way, and gone once the code is exchanged', async () => {
    const browser = newBrowser()
    const begun = await browser.fetch(await start('google', newFrame().binding))
    const challenge = new URL(begun.headers.get('location')!).searchParams.get('code_challenge')!
    // The browser's cookie is named after the row.
    const id = [...browser.jar.keys()].find((name) => name.startsWith('__Host-portico-social-'))!.slice('__Host-portico-social-'.length)
    const [row] = await opened.db.select().from(socialRequests).where(eq(socialRequests.id, id))
    const s256 = (value: string) => createHash('sha256').update(value).digest('base64url')
    // No column of the row is the verifier: none hashes to the challenge the provider got.
    const dumped = Object.values(row!).filter((value): value is string => typeof value === 'string')
    expect(dumped.some((value) => s256(value) === challenge)).toBe(false)
    expect(row!.codeVerifier).toMatch(/^v2\.0\./)
    await deliver(browser, await toCallback(browser, begun.headers.get('location')!, 'alice'))
    const [after] = await opened.db.select().from(socialRequests).where(eq(socialRequests.id, row!.id))
    expect(after!.codeVerifier).toBeNull()
    expect(after!.claims).toMatch(/^v2\.0\./)
    expect(JSON.stringify(after)).not.toContain('alice@example.com')
  })

  it('refuses a tampered state, a replayed callback, a replayed code, a wrong issuer and an expired login at the callback, storing nothing', async () => {
    const before = await stored()
    const begin = async () => {
      const browser = newBrowser()
      return { browser, answer: await toCallback(browser, await start('google', newFrame().binding), 'alice') }
    }

    const tampered = await begin()
    tampered.answer.url.searchParams.set('state', `${tampered.answer.url.searchParams.get('state')!.slice(0, -2)}xx`)
    await refusal(await deliver(tampered.browser, tampered.answer), SocialRefusal.STATE_MISMATCH)

    const once = await begin()
    expect((await deliver(once.browser, once.answer)).status).toBe(200)
    await refusal(await deliver(once.browser, once.answer), SocialRefusal.REPLAYED)

    // The spent code under a fresh login's state: the provider refuses it.
    const fresh = await begin()
    fresh.answer.url.searchParams.set('code', once.answer.url.searchParams.get('code')!)
    await refusal(await deliver(fresh.browser, fresh.answer), SocialRefusal.CODE_REFUSED)

    const wrongIssuer = await begin()
    expect(wrongIssuer.answer.url.searchParams.get('iss')).toBe(oidc.issuer)
    wrongIssuer.answer.url.searchParams.set('iss', 'https://accounts.google.com')
    await refusal(await deliver(wrongIssuer.browser, wrongIssuer.answer), SocialRefusal.WRONG_ISSUER)

    // Ten minutes is the limit: at 10 min + 1 s the login is too old.
    const late = await begin()
    offsetMs = 10 * 60 * 1000 + 1000
    try {
      await refusal(await deliver(late.browser, late.answer), SocialRefusal.EXPIRED)
    } finally {
      offsetMs = 0
    }
    const after = await stored()
    expect(after.identities).toBe(before.identities)
    expect(after.sessions).toBe(before.sessions)
  })

  it('an expired result is refused at connect (10 min)', async () => {
    const login = await loginAt('google', 'alice')
    offsetMs = 10 * 60 * 1000 + 1000
    try {
      expect(await connect(login)).toEqual({ status: 400, body: { error: SocialRefusal.EXPIRED } })
    } finally {
      offsetMs = 0
    }
  })

  it('refuses an unconfigured provider and an unknown project origin', async () => {
    const binding = newFrame().binding
    expect(await post('/v1/social/start', { provider: 'discord', binding, flow: 'popup' })).toEqual({
      status: 400,
      body: { error: `${SocialRefusal.NOT_CONFIGURED}: discord` },
    })
    expect((await post('/v1/social/start', { provider: 'google', binding, flow: 'popup', hostOrigin: 'https://evil.example' })).status).toBe(403)
  })

  it('pruning deletes social logins past their 10 minutes, and keeps those under way', async () => {
    await start('google', newFrame().binding)
    const total = async () => (await opened.db.select({ n: count() }).from(socialRequests))[0]!.n
    expect(await total()).toBeGreaterThan(0)
    await pruneExpired(opened.db, DEFAULT_LIMITS, new Date(Date.now() + 9 * 60 * 1000))
    expect(await total()).toBeGreaterThan(0)
    await pruneExpired(opened.db, DEFAULT_LIMITS, new Date(Date.now() + 10 * 60 * 1000 + 1000))
    expect(await total()).toBe(0)
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
    expect(() => optionsFromEnv({ ...base, SOCIAL_X_CLIENT_ID: 'x', SOCIAL_X_CLIENT_SECRET: 'y', SOCIAL_X_TOKEN_URL: 'https://t.example/' }, '/tmp')).toThrow(
      'SOCIAL_X_AUTHORIZATION_URL, SOCIAL_X_TOKEN_URL and SOCIAL_X_USERINFO_URL go together',
    )
  })
})
