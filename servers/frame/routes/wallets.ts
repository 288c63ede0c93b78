import { and, desc, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { frameTables } from '../../db/index.ts'
import { clientInfo } from '../client.ts'
import type { FrameContext, FrameEnv, SessionClaims } from '../context.ts'
import { siteName } from '../linkPage.ts'
import { claimSharesNotice, grantOf, grantState } from '../store/grants.ts'
import { accountEmail, consentFor } from './consent.ts'
import { ApiError, Caller, DeviceId, Namespace, readBody, readQuery } from '../http.ts'
import { shareContext } from '../sealedContexts.ts'
import { sessionOf } from './auth.ts'

const { keyShares, wallets } = frameTables

/** A Shamir share, base64 (33 bytes for a 32-byte key; a little room for other sizes). */
const Share = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9+/]{4,340}={0,2}$/, 'must be base64'),
  v.transform((text) => new Uint8Array(Buffer.from(text, 'base64'))),
  v.check((bytes) => bytes.length >= 2 && bytes.length <= 255, 'must be 2 to 255 bytes'),
)
const Wallet = v.variant('namespace', [
  v.object({
    namespace: v.literal('eip155'),
    address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')),
    authShare: Share,
    recoveryShare: Share,
  }),
  v.object({
    namespace: v.literal('solana'),
    address: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 public key')),
    authShare: Share,
    recoveryShare: Share,
  }),
])
const PutBody = v.object({
  ...Caller,
  deviceId: DeviceId,
  wallets: v.pipe(
    v.array(Wallet),
    v.minLength(1),
    v.maxLength(2),
    v.check((list) => new Set(list.map((w) => w.namespace)).size === list.length, 'one entry per namespace'),
  ),
})
const AuthShareQuery = v.object({ ...Caller, deviceId: DeviceId, namespace: Namespace })
const RecoveryQuery = v.object({ ...Caller, namespace: Namespace })

/** Shown (with the time, in the visitor's zone) by the new device's frame while it waits. */
export const DEVICE_WAITING = 'Approve this device on a device you already use, or wait until the time given'
export const DEVICE_REFUSED = 'This device was refused access to the wallet'

/** A recovery session's device may store its split once its grant is released (or it already holds one). */
async function mayHoldWallets(context: FrameContext, session: SessionClaims): Promise<boolean> {
  const grant = await grantOf(context.db, session.userId, session.deviceId)
  return grant !== undefined && grantState(grant, context.now()).kind === 'released'
}

const sameAddress = (namespace: string, a: string, b: string) => (namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b)
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

export function walletRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  const { secrets } = context

  /** Stores this device's split: the user's address per namespace is fixed by the first upload. */
  app.put('/v1/wallets', async (c) => {
    const body = await readBody(c, PutBody)
    const session = await sessionOf(context, c, body)
    if (body.deviceId !== session.deviceId) throw new ApiError(403, 'This session belongs to another device')
    // A device's own split of wallets that already exist is taken only once the device may hold them:
    // else shares made up by a new device would make it look like one that already holds the wallet.
    if (session.recovery && !(await mayHoldWallets(context, session))) throw new ApiError(403, DEVICE_WAITING)
    const now = context.now()
    await context.db.transaction(async (db) => {
      for (const wallet of body.wallets) {
        await db.insert(wallets).values({ userId: session.userId, namespace: wallet.namespace, address: wallet.address, createdAt: now }).onConflictDoNothing()
        const [stored] = await db
          .select({ address: wallets.address })
          .from(wallets)
          .where(and(eq(wallets.userId, session.userId), eq(wallets.namespace, wallet.namespace)))
        if (!sameAddress(wallet.namespace, stored!.address, wallet.address)) {
          throw new ApiError(409, `This user's ${wallet.namespace} address is ${stored!.address}; the shares are for another key`)
        }
        const row = {
          authShare: secrets.seal(wallet.authShare, shareContext('auth', session.userId, session.deviceId, wallet.namespace)),
          recoveryShare: secrets.seal(wallet.recoveryShare, shareContext('recovery', session.userId, session.deviceId, wallet.namespace)),
          createdAt: now,
        }
        await db
          .insert(keyShares)
          .values({ userId: session.userId, deviceId: session.deviceId, namespace: wallet.namespace, ...row })
          .onConflictDoUpdate({ target: [keyShares.userId, keyShares.deviceId, keyShares.namespace], set: row })
      }
    })
    return c.body(null, 204)
  })

  /** The auth share of this device's split, to a live session of this device only. */
  app.get('/v1/shares/auth', async (c) => {
    const query = readQuery(c, AuthShareQuery)
    const session = await sessionOf(context, c, query)
    if (query.deviceId !== session.deviceId) throw new ApiError(403, 'This session belongs to another device')
    const [row] = await context.db
      .select({ authShare: keyShares.authShare })
      .from(keyShares)
      .where(and(eq(keyShares.userId, session.userId), eq(keyShares.deviceId, session.deviceId), eq(keyShares.namespace, query.namespace)))
    if (!row) throw new ApiError(404, 'No key share for this device')
    return c.json({ share: b64(secrets.open(row.authShare, shareContext('auth', session.userId, session.deviceId, query.namespace))) })
  })

  /** Both server shares of another device's split, only to a session opened by email verification on a new device. */
  app.get('/v1/shares/recovery', async (c) => {
    const query = readQuery(c, RecoveryQuery)
    const session = await sessionOf(context, c, query)
    if (!session.recovery) throw new ApiError(403, 'Key recovery needs a device newly verified by email')
    const consent = await consentFor(context, c, session)
    if (consent.kind === 'refused') throw new ApiError(403, DEVICE_REFUSED)
    // The frame says when, in the visitor's own time zone.
    if (consent.kind === 'waiting') return c.json({ error: DEVICE_WAITING, releaseAt: consent.releaseAt.toISOString() }, 403)
    const [row] = await context.db
      .select()
      .from(keyShares)
      .where(and(eq(keyShares.userId, session.userId), eq(keyShares.namespace, query.namespace)))
      .orderBy(desc(keyShares.createdAt))
      .limit(1)
    if (!row) throw new ApiError(404, 'No wallet to recover')
    await context.db.transaction(async (db) => {
      const now = context.now()
      const email = await accountEmail(db, session.userId)
      if (!(await claimSharesNotice(db, session.userId, session.deviceId, now)) || !email) return
      await context.mailer.sendSharesReleased(email, { site: siteName(context, session.projectId), ...clientInfo(context, c), time: now })
    })
    return c.json({
      authShare: b64(secrets.open(row.authShare, shareContext('auth', row.userId, row.deviceId, row.namespace))),
      recoveryShare: b64(secrets.open(row.recoveryShare, shareContext('recovery', row.userId, row.deviceId, row.namespace))),
    })
  })
}
