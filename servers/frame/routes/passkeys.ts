import { randomUUID } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server'
import { and, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { frameTables, type Database } from '../../db/index.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, DeviceId, readBody, readQuery } from '../http.ts'
import { siteName } from '../linkPage.ts'
import { openDeviceLogin } from '../store/deviceLogin.ts'
import { advanceCounter, challengeOf, type ChallengePurpose, issueChallenge, PASSKEY_REFUSED, passkeyById, passkeysOf, spendChallenge, UNKNOWN_PASSKEY } from '../store/passkeys.ts'
import { sessionOf } from './auth.ts'

const { passkeys, socialIdentities, users } = frameTables

export const LAST_LOGIN = 'This passkey is the only way to log in to this account'

/** base64url of at most `max` characters: every binary field of a WebAuthn response. */
const B64u = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'), v.maxLength(max))
/** A credential id: at most 1023 bytes (WebAuthn), 1364 characters in base64url. */
const CredentialId = B64u(1364)
const Transports = v.pipe(v.array(v.picklist(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])), v.maxLength(8))
/**
 * The client's extension results as far as the server reads them: only whether PRF is enabled.
 * PRF's output (`prf.results`) is the visitor's secret: the frame never sends it, and were it
 * sent, this object drops it (valibot strips unknown keys).
 */
const ExtensionResults = v.object({ prf: v.optional(v.object({ enabled: v.optional(v.boolean()) })) })
const Attachment = v.optional(v.picklist(['platform', 'cross-platform']))

const RegistrationResponse = v.object({
  id: CredentialId,
  rawId: CredentialId,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: B64u(2048),
    attestationObject: B64u(8192),
    transports: v.optional(Transports),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
})
const AuthenticationResponse = v.object({
  id: CredentialId,
  rawId: CredentialId,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: B64u(2048),
    authenticatorData: B64u(2048),
    signature: B64u(1024),
    userHandle: v.optional(B64u(128)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
})

const OptionsBody = v.object({ ...Caller, deviceId: DeviceId })
const RegisterBody = v.object({ ...Caller, deviceId: DeviceId, response: RegistrationResponse })
const LoginBody = v.object({ ...Caller, deviceId: DeviceId, response: AuthenticationResponse })
const RemoveBody = v.object({ ...Caller, id: CredentialId })
const CallerOnly = v.object(Caller)

/** The WebAuthn user handle of a user: their id's bytes, so a discoverable credential names its account. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId)

export function passkeyRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  // The ceremonies run on the frame's own origin: its host is the relying party, and no other origin's answer counts.
  const rp = () => {
    const url = new URL(context.publicUrl)
    return { id: url.hostname, origin: url.origin }
  }
  const timeout = () => context.limits.passkeyChallengeSeconds * 1000

  async function creationOptions(purpose: ChallengePurpose, caller: v.InferOutput<typeof OptionsBody>, user: { id: string; name: string }, exclude: readonly string[]) {
    const site = siteName(context, caller.projectId)
    const options = await generateRegistrationOptions({
      rpName: site,
      rpID: rp().id,
      userID: userHandleOf(user.id),
      userName: user.name,
      userDisplayName: user.name,
      timeout: timeout(),
      attestationType: 'none',
      excludeCredentials: exclude.map((id) => ({ id })),
      // A discoverable credential with user verification: the passkey alone is the login, on any device that has it.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      // Asked now so that a later release can seal the recovery share under PRF's output.
      extensions: { prf: {} },
    })
    await issueChallenge(context.db, context.limits, context.now(), options.challenge, { purpose, projectId: caller.projectId, deviceId: caller.deviceId, userId: user.id })
    return options
  }

  /** Spends the response's challenge, then checks the attestation: origin, RP ID, user presence and verification. */
  async function verifyCreation(purpose: ChallengePurpose, body: v.InferOutput<typeof RegisterBody>) {
    const challenge = challengeOf(body.response.response.clientDataJSON)
    const { userId } = await spendChallenge(context.db, context.now(), challenge, { purpose, projectId: body.projectId, deviceId: body.deviceId })
    let verified: VerifiedRegistrationResponse
    try {
      verified = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp().origin,
        expectedRPID: rp().id,
        requireUserVerification: true,
      })
    } catch {
      throw new ApiError(400, PASSKEY_REFUSED)
    }
    if (!verified.verified || !userId) throw new ApiError(400, PASSKEY_REFUSED)
    const info = verified.registrationInfo
    return {
      userId,
      row: {
        id: info.credential.id,
        userId,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: JSON.stringify(body.response.response.transports ?? []),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        prf: body.response.clientExtensionResults.prf?.enabled === true,
        createdAt: context.now(),
      },
    }
  }

  const insertPasskey = async (db: Database, row: typeof passkeys.$inferInsert) => {
    const added = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id })
    if (added.length === 0) throw new ApiError(409, 'This passkey is already registered')
  }

  /** Sign-up, step 1: a creation challenge for a new account (its id is chosen now, the account made once the passkey is proven). */
  app.post('/v1/passkey/signup/options', async (c) => {
    const body = await readBody(c, OptionsBody)
    allowOrigin(context, body)
    return c.json(await creationOptions('signup', body, { id: randomUUID(), name: siteName(context, body.projectId) }, []))
  })

  /** Sign-up, step 2: the new passkey proven, the account and this device's session begin; the frame then creates the wallet. */
  app.post('/v1/passkey/signup/verify', async (c) => {
    const body = await readBody(c, RegisterBody)
    allowOrigin(context, body)
    const { userId, row } = await verifyCreation('signup', body)
    const result = await context.db.transaction(async (db) => {
      await db.insert(users).values({ id: userId, email: null, createdAt: context.now() })
      await insertPasskey(db, row)
      return openDeviceLogin(db, context, { userId, deviceId: body.deviceId, projectId: body.projectId })
    })
    return c.json({ ...result, user: { id: userId, email: null } })
  })

  /** Login, step 1: a challenge any of the visitor's passkeys for this site may answer (discoverable: no list of ids given out). */
  app.post('/v1/passkey/login/options', async (c) => {
    const body = await readBody(c, OptionsBody)
    allowOrigin(context, body)
    const options = await generateAuthenticationOptions({ rpID: rp().id, userVerification: 'required', timeout: timeout() })
    await issueChallenge(context.db, context.limits, context.now(), options.challenge, { purpose: 'login', projectId: body.projectId, deviceId: body.deviceId, userId: null })
    return c.json(options)
  })

  /** Login, step 2: the assertion checked against the stored key and counter; the device's session opens as after an email code. */
  app.post('/v1/passkey/login/verify', async (c) => {
    const body = await readBody(c, LoginBody)
    allowOrigin(context, body)
    const now = context.now()
    const challenge = challengeOf(body.response.response.clientDataJSON)
    await spendChallenge(context.db, now, challenge, { purpose: 'login', projectId: body.projectId, deviceId: body.deviceId })
    const passkey = await passkeyById(context.db, body.response.id)
    if (!passkey) throw new ApiError(400, UNKNOWN_PASSKEY)
    const handle = body.response.response.userHandle
    if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) throw new ApiError(400, PASSKEY_REFUSED)
    let newCounter: number
    try {
      const verified = await verifyAuthenticationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp().origin,
        expectedRPID: rp().id,
        requireUserVerification: true,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: JSON.parse(passkey.transports) as [],
        },
      })
      if (!verified.verified) throw new Error('not verified')
      // simplewebauthn refuses a counter that did not grow, when either side keeps one.
      newCounter = verified.authenticationInfo.newCounter
    } catch {
      throw new ApiError(400, PASSKEY_REFUSED)
    }
    const result = await context.db.transaction(async (db) => {
      await advanceCounter(db, passkey.id, passkey.counter, newCounter, now)
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, passkey.userId))
      const tokens = await openDeviceLogin(db, context, { userId: passkey.userId, deviceId: body.deviceId, projectId: body.projectId })
      return { ...tokens, user: { id: passkey.userId, email: user?.email ?? null } }
    })
    return c.json(result)
  })

  /** A signed-in visitor (by email, a social account or a passkey) adds a passkey, step 1. */
  app.post('/v1/passkey/add/options', async (c) => {
    const body = await readBody(c, OptionsBody)
    const session = await sessionOf(context, c, body)
    if (body.deviceId !== session.deviceId) throw new ApiError(403, 'This session belongs to another device')
    const [user] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, session.userId))
    const existing = await passkeysOf(context.db, session.userId)
    const name = user?.email ?? siteName(context, body.projectId)
    return c.json(
      await creationOptions(
        'add',
        body,
        { id: session.userId, name },
        existing.map((row) => row.id),
      ),
    )
  })

  /** Step 2: the passkey proven, for the user the challenge was issued to. */
  app.post('/v1/passkey/add/verify', async (c) => {
    const body = await readBody(c, RegisterBody)
    const session = await sessionOf(context, c, body)
    if (body.deviceId !== session.deviceId) throw new ApiError(403, 'This session belongs to another device')
    const { userId, row } = await verifyCreation('add', body)
    if (userId !== session.userId) throw new ApiError(400, PASSKEY_REFUSED)
    await insertPasskey(context.db, row)
    return c.json({ id: row.id })
  })

  /** The signed-in visitor's passkeys: when made and last used, whether synced, whether PRF was given. */
  app.get('/v1/passkeys', async (c) => {
    const session = await sessionOf(context, c, readQuery(c, CallerOnly))
    const rows = await passkeysOf(context.db, session.userId)
    return c.json({
      passkeys: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        synced: row.deviceType === 'multiDevice',
        prf: row.prf,
      })),
    })
  })

  /** Removes one of the visitor's passkeys, unless it is the account's only way in (no email, no social account, no other passkey). */
  app.post('/v1/passkey/remove', async (c) => {
    const body = await readBody(c, RemoveBody)
    const session = await sessionOf(context, c, body)
    await context.db.transaction(async (db) => {
      const rows = await passkeysOf(db, session.userId)
      if (!rows.some((row) => row.id === body.id)) throw new ApiError(404, UNKNOWN_PASSKEY)
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId))
      const socials = await db.select({ provider: socialIdentities.provider }).from(socialIdentities).where(eq(socialIdentities.userId, session.userId))
      if (rows.length === 1 && !user?.email && socials.length === 0) throw new ApiError(409, LAST_LOGIN)
      await db.delete(passkeys).where(and(eq(passkeys.id, body.id), eq(passkeys.userId, session.userId)))
    })
    return c.body(null, 204)
  })
}
