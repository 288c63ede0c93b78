import { and, eq, ne } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { frameTables } from '../../db/index.ts'
import { clientInfo } from '../client.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { siteName } from '../linkPage.ts'
import { allowOrigin, ApiError, Caller, DeviceId, Email, Otp, readBody } from '../http.ts'
import { requestAddress } from '../requestAddress.ts'
import { consumeCode, issueCode, loginCodeKey, updateCodeKey } from '../store/codes.ts'
import { isKnownDevice, requestApproval } from '../store/devices.ts'
import { admitCodeRequest } from '../store/limits.ts'
import { createSession } from '../store/sessions.ts'
import { sessionOf } from './auth.ts'

const { devices, keyShares, users, wallets } = frameTables

const StartBody = v.object({ ...Caller, email: Email, deviceId: DeviceId })
const VerifyBody = v.object({ ...Caller, email: Email, deviceId: DeviceId, otp: Otp })
const UpdateBody = v.object({ ...Caller, newEmail: Email })
const UpdateOtpBody = v.object({ ...Caller, otp: Otp })

/** An email change to an address another user logs in with is refused, once the new address is proven (else step 1 would tell anyone which addresses have an account). */
async function refuseTakenEmail(db: Pick<FrameContext['db'], 'select'>, email: string, userId: string): Promise<void> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
  if (taken.length > 0) throw new ApiError(409, 'This email is already in use')
}

export function emailRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  const { limits, secrets, mailer } = context
  const minutes = (seconds: number) => Math.round(seconds / 60)
  /** Who, what, where and when, for the mails of this request. */
  const aboutOf = (c: Context, projectId: string, now: Date) => ({ site: siteName(context, projectId), ...clientInfo(context, c), time: now })

  /** A known device gets a code; any other (a new user too) first gets an approval link. */
  app.post('/v1/email/start', async (c) => {
    const body = await readBody(c, StartBody)
    allowOrigin(context, body)
    const now = context.now()
    const known = await isKnownDevice(context.db, body.email, body.deviceId)
    // Mailing inside the transaction: a refused or failed mail rolls back the cooldown and counts.
    await context.db.transaction(async (db) => {
      await admitCodeRequest(db, limits, now, { cooldownKey: `login|${body.email}`, email: body.email, address: requestAddress(context, c) })
      if (known) {
        const code = await issueCode(db, secrets, limits, now, loginCodeKey(body.email, body.deviceId))
        await mailer.sendCode(body.email, code, 'login', minutes(limits.codeTtlSeconds), aboutOf(c, body.projectId, now))
      } else {
        const token = await requestApproval(db, context, now, { email: body.email, deviceId: body.deviceId, projectId: body.projectId, client: clientInfo(context, c) })
        const link = `${context.publicUrl}/v1/device/approve?token=${encodeURIComponent(token)}`
        await mailer.sendDeviceLink(body.email, link, minutes(limits.deviceLinkTtlSeconds), aboutOf(c, body.projectId, now))
      }
    })
    return c.json({ action: known ? 'VERIFY_OTP' : 'VERIFY_DEVICE' } as const)
  })

  /** The code proves the email; the device becomes known; a new device of a user with wallets may recover them. */
  app.post('/v1/email/verify', async (c) => {
    const body = await readBody(c, VerifyBody)
    allowOrigin(context, body)
    const now = context.now()
    // Outside the transaction: a wrong try must stay counted although the request fails.
    await consumeCode(context.db, secrets, limits, now, loginCodeKey(body.email, body.deviceId), body.otp)
    const result = await context.db.transaction(async (db) => {
      await db.insert(users).values({ email: body.email, createdAt: now }).onConflictDoNothing({ target: users.email })
      const [user] = await db.select().from(users).where(eq(users.email, body.email))
      await db.insert(devices).values({ userId: user!.id, deviceId: body.deviceId, approvedAt: now }).onConflictDoNothing()
      const walletRows = await db.select({ namespace: wallets.namespace }).from(wallets).where(eq(wallets.userId, user!.id))
      const hasOwnShares =
        (
          await db
            .select({ namespace: keyShares.namespace })
            .from(keyShares)
            .where(and(eq(keyShares.userId, user!.id), eq(keyShares.deviceId, body.deviceId)))
        ).length > 0
      // A device without its own split of existing wallets may fetch another device's to split anew.
      const recovery = walletRows.length > 0 && !hasOwnShares
      const tokens = await createSession(db, context, {
        userId: user!.id,
        deviceId: body.deviceId,
        recovery,
        projectId: body.projectId,
      })
      return { ...tokens, user: { id: user!.id, email: user!.email }, recovery }
    })
    return c.json(result)
  })

  /** Email change, step 1: a code to the current address. */
  app.post('/v1/email/update', async (c) => {
    const body = await readBody(c, UpdateBody)
    const session = await sessionOf(context, c, body)
    const now = context.now()
    await context.db.transaction(async (db) => {
      const [user] = await db.select().from(users).where(eq(users.id, session.userId))
      if (!user) throw new ApiError(401, 'Session expired or signed out')
      // A user who logged in through a provider without a verified email has none to change.
      if (!user.email) throw new ApiError(400, 'This account has no email to update')
      if (user.email === body.newEmail) throw new ApiError(400, 'This is already your email')
      await admitCodeRequest(db, limits, now, { cooldownKey: `update|${user.id}`, email: user.email, address: requestAddress(context, c) })
      const code = await issueCode(db, secrets, limits, now, updateCodeKey('primary', user.id), body.newEmail)
      await mailer.sendCode(user.email, code, 'update-primary', minutes(limits.codeTtlSeconds), aboutOf(c, body.projectId, now))
    })
    return c.json({ action: 'VERIFY_PRIMARY_OTP' } as const)
  })

  /** Step 2: the current address confirmed; a code to the new one. */
  app.post('/v1/email/update/primary', async (c) => {
    const body = await readBody(c, UpdateOtpBody)
    const session = await sessionOf(context, c, body)
    const now = context.now()
    const { newEmail } = await consumeCode(context.db, secrets, limits, now, updateCodeKey('primary', session.userId), body.otp)
    await context.db.transaction(async (db) => {
      await admitCodeRequest(db, limits, now, { cooldownKey: `update-new|${newEmail!}`, email: newEmail!, address: requestAddress(context, c) })
      const code = await issueCode(db, secrets, limits, now, updateCodeKey('secondary', session.userId), newEmail!)
      await mailer.sendCode(newEmail!, code, 'update-secondary', minutes(limits.codeTtlSeconds), aboutOf(c, body.projectId, now))
    })
    return c.json({ action: 'VERIFY_SECONDARY_OTP' } as const)
  })

  /** Step 3: the new address confirmed; it becomes the login. */
  app.post('/v1/email/update/secondary', async (c) => {
    const body = await readBody(c, UpdateOtpBody)
    const session = await sessionOf(context, c, body)
    const now = context.now()
    const { newEmail } = await consumeCode(context.db, secrets, limits, now, updateCodeKey('secondary', session.userId), body.otp)
    await context.db.transaction(async (db) => {
      await refuseTakenEmail(db, newEmail!, session.userId)
      const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId))
      await db.update(users).set({ email: newEmail! }).where(eq(users.id, session.userId))
      // The address the login moved away from hears of it: if it was not its owner, they learn now.
      if (before?.email) await mailer.sendEmailChanged(before.email, newEmail!, aboutOf(c, body.projectId, now))
    })
    return c.json({ newEmail })
  })
}
