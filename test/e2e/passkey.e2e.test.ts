import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type OpenedDatabase } from '../../servers/db/index.ts'
import { startMailbox, type Mailbox } from '../../servers/mailbox/mailbox.ts'
import { startFrameServer, type FrameServer } from '../../servers/frame/server.ts'
import { launchBrowser } from './harness.ts'

// The frame page's passkey ceremonies (servers/frame/page/passkey.ts) in Chromium, against the
// real frame server, with Chromium's virtual authenticator (CDP WebAuthn: resident keys, user
// verification, PRF). The page runs on the frame server's origin, as the frame page does:
// http://localhost (a secure context; WebAuthn refuses IP addresses as RP IDs). Ports are free ones.

const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }
const root = fileURLToPath(new URL('../../', import.meta.url))

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

describe('passkeys in Chromium', () => {
  let database: OpenedDatabase
  let mailbox: Mailbox
  let server: FrameServer
  let frameOrigin: string
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let script: string

  beforeAll(async () => {
    const port = await freePort()
    frameOrigin = `http://localhost:${port}`
    const bundled = build({
      stdin: { contents: "import * as ceremonies from './servers/frame/page/passkey.ts'; window.ceremonies = ceremonies", resolveDir: root, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
    })
    ;[database, mailbox, browser] = await Promise.all([openDatabase({ memory: true }), startMailbox(), launchBrowser()])
    server = await startFrameServer({
      port,
      publicUrl: frameOrigin,
      database: { db: database.db },
      smtpUrl: mailbox.smtpUrl,
      mailFrom: 'Portico <login@portico.test>',
      keyEncryptionKey: randomBytes(32).toString('base64'),
      sessionSecret: randomBytes(32).toString('hex'),
      projects: { demo: [HOST] },
      limits: { deviceWaitSeconds: 1 },
    })
    script = (await bundled).outputFiles[0]!.text
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await mailbox?.close()
    await database?.close()
  })

  /**
   * A browser context with its own virtual authenticator (a device), on a page of `origin`
   * running the frame page's ceremonies; the API calls go to the frame server as the frame's do.
   */
  async function device(origin = frameOrigin): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.route(`${origin}/passkey-test`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>frame</title><script>${script.replace(/<\/script/g, '<\\/script')}</script>` }),
    )
    await page.goto(`${origin}/passkey-test`)
    await page.evaluate(
      ({ caller, frame }) => {
        const w = window as unknown as Record<string, unknown>
        w.api = {
          async post(path: string, body: Record<string, unknown>, auth?: boolean) {
            const response = await fetch(frame + path, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${w.token as string}` } : {}) },
              body: JSON.stringify({ ...body, ...caller }),
            })
            const json = await response.json()
            if (!response.ok) throw new Error(json.error)
            return json
          },
        }
      },
      { caller, frame: frameOrigin },
    )
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    })
    return { context, page, cdp, authenticatorId }
  }
  type Verified = { accessToken: string; user: { id: string; email: string | null }; recovery: boolean }
  const ceremony = (page: Page, name: 'passkeySignUp' | 'passkeyLogIn' | 'passkeyAdd', deviceId: string) =>
    page.evaluate(
      ({ name, deviceId }) => {
        const w = window as unknown as Record<string, any>
        return w.ceremonies[name](w.api, deviceId)
      },
      { name, deviceId },
    ) as Promise<Verified>
  const post = async (path: string, body: object, token?: string, method = 'POST') => {
    const response = await fetch(frameOrigin + path, {
      method,
      headers: { 'content-type': 'application/json', origin: frameOrigin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ ...caller, ...body }),
    })
    return { status: response.status, body: (await response.text()) || undefined }
  }

  it('signs up with a new passkey, and a second device given the same credential signs in to the same account and address', async () => {
    const started = performance.now()
    const first = await device()
    const deviceId = randomUUID()
    const signedUp = await ceremony(first.page, 'passkeySignUp', deviceId)
    expect(signedUp).toMatchObject({ user: { email: null }, recovery: false })
    const address = `0x${randomBytes(20).toString('hex')}`
    const share = randomBytes(33).toString('base64')
    expect((await post('/v1/wallets', { deviceId, wallets: [{ namespace: 'eip155', address, authShare: share, recoveryShare: share }] }, signedUp.accessToken, 'PUT')).status).toBe(
      204,
    )
    // The credential is discoverable (resident) and PRF was enabled by this authenticator.
    const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)
    const listed = await fetch(`${frameOrigin}/v1/passkeys?${new URLSearchParams(caller)}`, { headers: { authorization: `Bearer ${signedUp.accessToken}` } })
    expect(((await listed.json()) as { passkeys: { prf: boolean }[] }).passkeys).toEqual([expect.objectContaining({ prf: true })])

    // Another device (context) holding the same passkey, as a synced one would.
    const second = await device()
    await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0]! })
    const loginStarted = performance.now()
    const loggedIn = await ceremony(second.page, 'passkeyLogIn', randomUUID())
    const loginMs = performance.now() - loginStarted
    expect(loggedIn).toMatchObject({ user: { id: signedUp.user.id }, recovery: true })
    const me = await fetch(`${frameOrigin}/v1/me?${new URLSearchParams(caller)}`, { headers: { authorization: `Bearer ${loggedIn.accessToken}` } })
    expect(await me.json()).toMatchObject({ user: { id: signedUp.user.id }, wallets: { eip155: address } })
    console.log(`passkey login on the virtual authenticator: ${loginMs.toFixed(0)} ms; sign-up and login: ${(performance.now() - started).toFixed(0)} ms`)
    await Promise.all([first.context.close(), second.context.close()])
  })

  it('refuses a sign-in made on another origin (same RP ID) and a replayed one', async () => {
    const owner = await device()
    const deviceId = randomUUID()
    await ceremony(owner.page, 'passkeySignUp', deviceId)
    const { credentials } = await owner.cdp.send('WebAuthn.getCredentials', { authenticatorId: owner.authenticatorId })
    // A page on another localhost port: the browser lets it use the RP ID "localhost", but its origin is not the frame's.
    const elsewhere = await device(`http://localhost:${(await freePort()) || 1}`)
    await elsewhere.cdp.send('WebAuthn.addCredential', { authenticatorId: elsewhere.authenticatorId, credential: credentials[0]! })
    const options = JSON.parse((await post('/v1/passkey/login/options', { deviceId })).body!) as Record<string, unknown>
    const answer = await elsewhere.page.evaluate((options) => (window as unknown as Record<string, any>).ceremonies.getAssertion(options), options)
    expect(await post('/v1/passkey/login/verify', { deviceId, response: answer })).toEqual({ status: 400, body: JSON.stringify({ error: 'The passkey could not be verified' }) })

    // The frame's own answer, sent twice: the second finds its challenge spent.
    const fresh = JSON.parse((await post('/v1/passkey/login/options', { deviceId })).body!) as Record<string, unknown>
    const good = await owner.page.evaluate((options) => (window as unknown as Record<string, any>).ceremonies.getAssertion(options), fresh)
    expect((await post('/v1/passkey/login/verify', { deviceId, response: good })).status).toBe(200)
    expect(await post('/v1/passkey/login/verify', { deviceId, response: good })).toEqual({
      status: 400,
      body: JSON.stringify({ error: 'Passkey request expired or already used, try again' }),
    })
    await Promise.all([owner.context.close(), elsewhere.context.close()])
  })

  it('adds a passkey to an account that logged in by email, then logs in to it with the passkey', async () => {
    const email = `user-${randomUUID().slice(0, 8)}@example.com`
    const deviceId = randomUUID()
    const inbox = async () => (await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]
    await post('/v1/email/start', { email, deviceId })
    const token = new URL(/(http\S+\/v1\/device\/approve\?token=\S+)/.exec((await inbox())[0]!.text)![1]!).searchParams.get('token')!
    await fetch(`${frameOrigin}/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: frameOrigin },
      body: new URLSearchParams({ token }),
    })
    await post('/v1/device/wait', { email, deviceId })
    const otp = /\b(\d{6})\b/.exec((await inbox())[0]!.text)![1]
    const session = JSON.parse((await post('/v1/email/verify', { email, deviceId, otp })).body!) as Verified

    const visitor = await device()
    await visitor.page.evaluate((token) => ((window as unknown as Record<string, unknown>).token = token), session.accessToken)
    await ceremony(visitor.page, 'passkeyAdd', deviceId)
    const loggedIn = await ceremony(visitor.page, 'passkeyLogIn', randomUUID())
    expect(loggedIn.user).toEqual({ id: session.user.id, email })
    await visitor.context.close()
  })
})
