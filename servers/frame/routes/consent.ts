import { and, eq } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { frameTables } from '../../db/index.ts'
import { clientInfo } from '../client.ts'
import type { FrameContext, FrameEnv, SessionClaims } from '../context.ts'
import { ApiError, Caller, DeviceId, readBody, readQuery } from '../http.ts'
import { linkRoutes, siteName } from '../linkPage.ts'
import { approveGrant, grantByRefuseToken, grantState, type GrantState, openGrant, pendingGrants, refuseByToken, refuseDevice } from '../store/grants.ts'
import { sessionOf } from './auth.ts'

const { keyShares, users } = frameTables

const REFUSE_PATH = '/v1/device/refuse'
const CallerOnly = v.object(Caller)
const DeviceBody = v.object({ ...Caller, deviceId: DeviceId })

export const NOT_AN_EXISTING_DEVICE = 'Only a device that already holds this wallet can approve or refuse another'

/** The account's address, for notices; null for a login through a provider that gave none. */
export async function accountEmail(db: Pick<FrameContext['db'], 'select'>, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return user?.email ?? null
}

/**
 * Where the session's device stands for the shares of another device's split. Its first ask
 * opens its grant (the delay starts) and mails the account at once: who asked, when the
 * shares go out without an approval, and the link that refuses the device.
 */
export async function consentFor(context: FrameContext, c: Context, session: SessionClaims): Promise<GrantState> {
  const now = context.now()
  return context.db.transaction(async (db) => {
    const client = clientInfo(context, c)
    const { grant, refuseToken } = await openGrant(db, context, { userId: session.userId, deviceId: session.deviceId, projectId: session.projectId, client, now })
    const email = refuseToken && (await accountEmail(db, session.userId))
    if (refuseToken && email) {
      const refuseLink = `${context.publicUrl}${REFUSE_PATH}?token=${encodeURIComponent(refuseToken)}`
      await context.mailer.sendNewDevice(email, { site: siteName(context, session.projectId), ...client, time: now }, { at: grant.releaseAt, refuseLink })
    }
    return grantState(grant, now)
  })
}

/** Whether the session's device holds its own split of the user's wallets: only such a device speaks for the account. */
async function holdsWallet(context: FrameContext, session: SessionClaims): Promise<boolean> {
  const rows = await context.db
    .select({ namespace: keyShares.namespace })
    .from(keyShares)
    .where(and(eq(keyShares.userId, session.userId), eq(keyShares.deviceId, session.deviceId)))
    .limit(1)
  return rows.length > 0
}

export function consentRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  /** The devices waiting for consent, for the frame of an existing device to ask its visitor about. */
  app.get('/v1/devices/pending', async (c) => {
    const session = await sessionOf(context, c, readQuery(c, CallerOnly))
    if (!(await holdsWallet(context, session))) return c.json({ devices: [] })
    const pending = await pendingGrants(context.db, session.userId, context.now())
    return c.json({
      devices: pending
        .filter((grant) => grant.deviceId !== session.deviceId)
        .map((grant) => ({
          deviceId: grant.deviceId,
          device: grant.device,
          network: grant.network,
          site: siteName(context, grant.projectId),
          requestedAt: grant.requestedAt.toISOString(),
          releaseAt: grant.releaseAt.toISOString(),
        })),
    })
  })

  /** Approved on an existing device, inside its frame (the access token never leaves the frame's origin). */
  app.post('/v1/devices/approve', async (c) => {
    const body = await readBody(c, DeviceBody)
    const session = await sessionOf(context, c, body)
    if (body.deviceId === session.deviceId || !(await holdsWallet(context, session))) throw new ApiError(403, NOT_AN_EXISTING_DEVICE)
    await approveGrant(context.db, session.userId, body.deviceId, session.deviceId, context.now())
    return c.body(null, 204)
  })

  app.post('/v1/devices/refuse', async (c) => {
    const body = await readBody(c, DeviceBody)
    const session = await sessionOf(context, c, body)
    if (body.deviceId === session.deviceId || !(await holdsWallet(context, session))) throw new ApiError(403, NOT_AN_EXISTING_DEVICE)
    await refuseDevice(context.db, session.userId, body.deviceId, context.now())
    return c.body(null, 204)
  })

  const refused = 'Device refused'
  /** The refuse link of the new-device mail: a page naming the device; only its button refuses. */
  linkRoutes(app, context, {
    path: REFUSE_PATH,
    invalid: ['Link not valid', 'This link is not valid.'],
    foreign: ['Not refused', 'Refuse from the page the mailed link opens, with its button.'],
    find: (token) => grantByRefuseToken(context, token),
    done: (grant) => (grant.refusedAt ? [refused, 'This device was already refused. It gets no key from your wallet.'] : undefined),
    ask: (grant) => {
      const site = siteName(context, grant.projectId)
      return {
        title: `Refuse this device on ${site}?`,
        intro: `This device asked for your wallet's keys. If it was not you, refuse it: it will never get them.`,
        facts: { site, device: grant.device, network: grant.network, time: grant.requestedAt },
        button: 'Refuse this device',
      }
    },
    act: async (token) => {
      const outcome = await refuseByToken(context, token, context.now())
      if (outcome === 'invalid') return undefined
      if (outcome === 'released') return [refused, 'The device is refused from now on, but it already got the keys: move your funds to a new wallet.']
      return [refused, 'This device is refused. It gets no key from your wallet.']
    },
  })
}
