import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '../../test/peers/postgres.mjs'
import { createSoftAuthenticator, type SoftCredential } from '../../test/peers/softAuthenticator.ts'
import { openDatabase, type Database } from '../db/index.ts'
import { startMailbox, type Mailbox } from '../mailbox/mailbox.ts'
import { startFrameServer, type FrameServer } from './server.ts'

// Passkey sign-up, login, adding, listing and removing, against PGlite and a real PostgreSQL 15,
// with two server instances on one database (a challenge issued by one is answered on the other),
// a software authenticator speaking WebAuthn, and a clock the tests move.

const HOST = 'http://127.0.0.1:5173'
const PROJECT = 'demo'
const caller = { projectId: PROJECT, hostOrigin: HOST }
/** The frame's public origin, shared by both instances: the relying party is its host. */
const FRAME = 'https://wallet.portico.test'
const RP_ID = 'wallet.portico.test'

const backends = [
  {
    name: 'PGlite',
    async open() {
      const opened = await openDatabase({ memory: true })
      return { database: { db: opened.db } as { db: Database } | { url: string }, stop: () => opened.close() }
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const postgres: Postgres = await startPostgres()
      return { database: { url: postgres.url } as { db: Database } | { url: string }, stop: () => postgres.stop() }
    },
  },
]

type Json = Record<string, any>

describe.each(backends)('passkeys on $name', (backend) => {
  let env: Awaited<ReturnType<(typeof backends)[number]['open']>>
  let mailbox: Mailbox
  let a: FrameServer
  let b: FrameServer
  let offsetMs = 0
  const advance = (seconds: number) => (offsetMs += seconds * 1000)

  beforeAll(async () => {
    ;[env, mailbox] = await Promise.all([backend.open(), startMailbox()])
    const start = () =>
      startFrameServer({
        database: env.database,
        publicUrl: FRAME,
        smtpUrl: mailbox.smtpUrl,
        mailFrom: 'Portico <login@portico.test>',
        keyEncryptionKey: randomBytes(32).toString('base64'),
        sessionSecret: 'a'.repeat(32),
        projects: { [PROJECT]: [HOST] },
        limits: { perAddress: { max: 100_000, windowSeconds: 3600 }, startsPerAddress: { max: 100_000, windowSeconds: 3600 }, deviceWaitSeconds: 1 },
        now: () => new Date(Date.now() + offsetMs),
      })
    ;[a, b] = await Promise.all([start(), start()])
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await mailbox?.close()
    await env?.stop()
  })

  const call = async (server: FrameServer, method: string, path: string, body?: Json, token?: string, origin = FRAME) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', origin }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify({ ...caller, ...body }),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : undefined }
  }
  const authenticator = createSoftAuthenticator()
  const ceremony = (options: Json, origin = FRAME, rpId = RP_ID) => ({ challenge: options.challenge as string, origin, rpId })

  /** Sign-up on a new device: options from one instance, the answer to the other. */
  async function signUp(deviceId = randomUUID(), auth = authenticator) {
    const options = (await call(a, 'POST', '/v1/passkey/signup/options', { deviceId })).body!
    const created = auth.create({ ...ceremony(options), userHandle: new Uint8Array(Buffer.from(options.user.id, 'base64url')) }, { prf: true })
    const verified = await call(b, 'POST', '/v1/passkey/signup/verify', { deviceId, response: created.response })
    expect(verified.status).toBe(200)
    return { credential: created.credential, deviceId, session: verified.body! }
  }
  /** A login answer for a fresh challenge, not yet sent. */
  async function loginAnswer(credential: SoftCredential, deviceId: string, auth = authenticator, origin = FRAME) {
    const options = (await call(a, 'POST', '/v1/passkey/login/options', { deviceId })).body!
    return auth.get(credential, ceremony(options, origin))
  }
  const login = async (credential: SoftCredential, deviceId: string) => call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: await loginAnswer(credential, deviceId) })
  const address = `0x${'ab'.repeat(20)}`
  const share = Buffer.from(randomBytes(33)).toString('base64')

  it('a sign-up asks for a discoverable credential with user verification and PRF; login on another device reaches the same account and address', async () => {
    const options = (await call(a, 'POST', '/v1/passkey/signup/options', { deviceId: randomUUID() })).body!
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      extensions: { prf: {} },
      attestation: 'none',
      timeout: 300_000,
    })
    const first = await signUp()
    expect(first.session).toMatchObject({ user: { email: null }, recovery: false })
    // The first device creates the wallet as after an email login.
    const put = await fetch(`${a.url}/v1/wallets`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: FRAME, authorization: `Bearer ${first.session.accessToken}` },
      body: JSON.stringify({ ...caller, deviceId: first.deviceId, wallets: [{ namespace: 'eip155', address, authShare: share, recoveryShare: share }] }),
    })
    expect(put.status).toBe(204)
    // Another device with the same (synced) passkey: the same user, a recovery session under the consent rules.
    const secondDevice = randomUUID()
    const second = await login(first.credential, secondDevice)
    expect(second).toMatchObject({ status: 200, body: { user: { id: first.session.user.id, email: null }, recovery: true } })
    const me = await fetch(`${b.url}/v1/me?${new URLSearchParams(caller)}`, { headers: { authorization: `Bearer ${second.body!.accessToken}` } })
    expect(await me.json()).toMatchObject({ wallets: { eip155: address } })
    // The new device waits for an existing device's consent before it gets the shares.
    const recovery = await fetch(`${b.url}/v1/shares/recovery?${new URLSearchParams({ ...caller, namespace: 'eip155' })}`, {
      headers: { authorization: `Bearer ${second.body!.accessToken}` },
    })
    expect(recovery.status).toBe(403)
    expect((await recovery.json()).error).toBe('Approve this device on a device you already use, or wait until the time given')
    // PRF enabled at creation is recorded.
    const listed = await call(a, 'GET', `/v1/passkeys?${new URLSearchParams(caller)}`, undefined, first.session.accessToken)
    expect(listed.body!.passkeys).toEqual([expect.objectContaining({ id: first.credential.id.toString('base64url'), prf: true })])
  })

  it('a challenge is spent by its first answer: a replayed login is refused, on either instance', async () => {
    const { credential, deviceId } = await signUp()
    const answer = await loginAnswer(credential, deviceId)
    expect((await call(a, 'POST', '/v1/passkey/login/verify', { deviceId, response: answer })).status).toBe(200)
    expect(await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: answer })).toEqual({
      status: 400,
      body: { error: 'Passkey request expired or already used, try again' },
    })
    expect((await call(a, 'POST', '/v1/passkey/login/verify', { deviceId, response: answer })).status).toBe(400)
  })

  it('a challenge expires 5 minutes after it was issued (answered at 4:59 it counts, at 5:00 it does not)', async () => {
    const { credential, deviceId } = await signUp()
    let answer = await loginAnswer(credential, deviceId)
    advance(4 * 60 + 59)
    expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: answer })).status).toBe(200)
    answer = await loginAnswer(credential, deviceId)
    advance(5 * 60)
    expect(await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: answer })).toEqual({
      status: 400,
      body: { error: 'Passkey request expired or already used, try again' },
    })
  })

  it('a challenge answers only for the frame (device) that asked and the ceremony it was issued for', async () => {
    const { credential, deviceId } = await signUp()
    const answer = await loginAnswer(credential, deviceId)
    expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId: randomUUID(), response: answer })).body).toEqual({
      error: 'Passkey request expired or already used, try again',
    })
    // A login challenge cannot finish a sign-up.
    const options = (await call(a, 'POST', '/v1/passkey/login/options', { deviceId })).body!
    const created = authenticator.create({ ...ceremony(options), userHandle: new Uint8Array(16) })
    expect((await call(b, 'POST', '/v1/passkey/signup/verify', { deviceId, response: created.response })).body).toEqual({
      error: 'Passkey request expired or already used, try again',
    })
  })

  it('an answer made for another origin or another RP ID, or without user verification, is refused', async () => {
    const { credential, deviceId } = await signUp()
    // Phishing: the visitor's authenticator answered a look-alike site's page.
    const phished = await loginAnswer(credential, deviceId, authenticator, 'https://wallet-portico.test')
    expect(await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: phished })).toEqual({ status: 400, body: { error: 'The passkey could not be verified' } })
    // The host page's own origin is not the relying party either.
    const onHost = await loginAnswer(credential, deviceId, authenticator, HOST)
    expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: onHost })).status).toBe(400)
    const options = (await call(a, 'POST', '/v1/passkey/login/options', { deviceId })).body!
    const otherRp = authenticator.get(credential, ceremony(options, FRAME, 'portico.test'))
    expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: otherRp })).status).toBe(400)
    // A sign-up on a phishing origin makes no account.
    const signupOptions = (await call(a, 'POST', '/v1/passkey/signup/options', { deviceId })).body!
    const phishedSignup = authenticator.create({ ...ceremony(signupOptions, 'https://evil.example'), userHandle: new Uint8Array(16) })
    expect((await call(b, 'POST', '/v1/passkey/signup/verify', { deviceId, response: phishedSignup.response })).status).toBe(400)
    // Presence without verification (no PIN, no biometric) is not a login.
    const unverifying = createSoftAuthenticator({ verifiesUser: false })
    const noUv = await loginAnswer(credential, deviceId, unverifying)
    expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId, response: noUv })).status).toBe(400)
  })

  it('counters: one that did not grow (a cloned authenticator) is refused; an authenticator that keeps none logs in again and again', async () => {
    const { credential, deviceId } = await signUp()
    expect((await login(credential, deviceId)).status).toBe(200)
    expect((await login(credential, deviceId)).status).toBe(200)
    // The clone holds the same key, its counter behind the original's (2).
    const clone: SoftCredential = { ...credential, counter: 0 }
    expect(await login(clone, deviceId)).toEqual({ status: 400, body: { error: 'The passkey could not be verified' } })
    expect((await login(credential, deviceId)).status).toBe(200)

    const counterless = createSoftAuthenticator({ countsUses: false })
    const synced = await signUp(randomUUID(), counterless)
    for (let i = 0; i < 2; i++) {
      const answer = await loginAnswer(synced.credential, synced.deviceId, counterless)
      expect((await call(b, 'POST', '/v1/passkey/login/verify', { deviceId: synced.deviceId, response: answer })).status).toBe(200)
    }
  })

  it('an email account adds a passkey, lists it, logs in with it, and removes it; the only login left cannot be removed', async () => {
    // The email login of a new device: approval link, then the code.
    const email = `user-${randomUUID().slice(0, 8)}@example.com`
    const deviceId = randomUUID()
    const inbox = async () => (await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]
    await call(a, 'POST', '/v1/email/start', { email, deviceId })
    const link = /(http\S+\/v1\/device\/approve\?token=\S+)/.exec((await inbox())[0]!.text)![1]!
    const token = new URL(link).searchParams.get('token')!
    const approve = await fetch(`${a.url}/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRAME },
      body: new URLSearchParams({ token }),
    })
    expect(approve.status).toBe(200)
    await call(b, 'POST', '/v1/device/wait', { email, deviceId })
    const otp = /\b(\d{6})\b/.exec((await inbox())[0]!.text)![1]
    const session = (await call(a, 'POST', '/v1/email/verify', { email, deviceId, otp })).body!

    // Adding needs the session.
    expect((await call(a, 'POST', '/v1/passkey/add/options', { deviceId })).status).toBe(401)
    const options = (await call(a, 'POST', '/v1/passkey/add/options', { deviceId }, session.accessToken)).body!
    expect(options.user).toMatchObject({ name: email, id: Buffer.from(session.user.id).toString('base64url') })
    const created = authenticator.create({ ...ceremony(options), userHandle: new Uint8Array(Buffer.from(options.user.id, 'base64url')) }, { prf: false })
    expect((await call(b, 'POST', '/v1/passkey/add/verify', { deviceId, response: created.response }, session.accessToken)).status).toBe(200)
    const listed = await call(a, 'GET', `/v1/passkeys?${new URLSearchParams(caller)}`, undefined, session.accessToken)
    expect(listed.body!.passkeys).toEqual([{ id: created.response.id, createdAt: expect.any(String), lastUsedAt: null, synced: false, prf: false }])
    // The passkey logs in to the email account, on a device new to it.
    expect(await login(created.credential, randomUUID())).toMatchObject({ status: 200, body: { user: { id: session.user.id, email } } })
    // Another user cannot remove it; its owner can (the email still logs in).
    const stranger = await signUp()
    expect((await call(a, 'POST', '/v1/passkey/remove', { id: created.response.id }, stranger.session.accessToken)).status).toBe(404)
    expect((await call(a, 'POST', '/v1/passkey/remove', { id: created.response.id }, session.accessToken)).status).toBe(204)
    expect((await login(created.credential, deviceId)).body).toEqual({ error: 'This passkey is not registered here' })
    // A passkey-only account keeps its only passkey.
    expect(await call(a, 'POST', '/v1/passkey/remove', { id: stranger.credential.id.toString('base64url') }, stranger.session.accessToken)).toEqual({
      status: 409,
      body: { error: 'This passkey is the only way to log in to this account' },
    })
  })

  it('the new routes take JSON from the frame origin only, and bodies up to 16 KB', async () => {
    const deviceId = randomUUID()
    expect((await call(a, 'POST', '/v1/passkey/login/options', { deviceId }, undefined, HOST)).status).toBe(403)
    const plain = await fetch(`${a.url}/v1/passkey/signup/options`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: FRAME },
      body: JSON.stringify({ ...caller, deviceId }),
    })
    expect(plain.status).toBe(415)
    const big = await call(a, 'POST', '/v1/passkey/login/verify', { deviceId, response: { id: 'x'.repeat(17 * 1024) } })
    expect(big.status).toBe(413)
    const bad = await call(a, 'POST', '/v1/passkey/login/verify', { deviceId, response: { id: '!' } })
    expect(bad).toEqual({ status: 400, body: { error: 'Invalid request: response.id: must be base64url' } })
    // An unknown project is refused before a challenge is stored.
    expect((await call(a, 'POST', '/v1/passkey/signup/options', { deviceId, projectId: 'other' })).status).toBe(403)
  })
})
