import { and, eq, gt, isNull, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { ClientInfo } from '../client.ts'
import type { FrameContext } from '../context.ts'
import { newToken } from '../secrets.ts'

const { deviceGrants } = frameTables

export type Grant = typeof deviceGrants.$inferSelect

/** Where a device new to an account stands: shares go out only when 'released'. */
export type GrantState = { readonly kind: 'released' } | { readonly kind: 'refused' } | { readonly kind: 'waiting'; readonly releaseAt: Date }

export function grantState(grant: Grant, now: Date): GrantState {
  if (grant.refusedAt) return { kind: 'refused' }
  if (grant.approvedAt || grant.releaseAt <= now) return { kind: 'released' }
  return { kind: 'waiting', releaseAt: grant.releaseAt }
}

const byDevice = (userId: string, deviceId: string) => and(eq(deviceGrants.userId, userId), eq(deviceGrants.deviceId, deviceId))

export async function grantOf(db: Database, userId: string, deviceId: string): Promise<Grant | undefined> {
  const [row] = await db.select().from(deviceGrants).where(byDevice(userId, deviceId))
  return row
}

/**
 * The grant of a device that asked for shares, opened on its first ask: the release time is
 * the delay from now, and the refuse token (returned once, for the mail) is stored hashed.
 * Answers `refuseToken` only to the caller that opened it, so the mail goes out once.
 */
export async function openGrant(
  db: Database,
  context: FrameContext,
  ask: { userId: string; deviceId: string; projectId: string; client: ClientInfo; now: Date },
): Promise<{ grant: Grant; refuseToken?: string }> {
  const refuseToken = newToken()
  const [opened] = await db
    .insert(deviceGrants)
    .values({
      userId: ask.userId,
      deviceId: ask.deviceId,
      projectId: ask.projectId,
      device: ask.client.device,
      network: ask.client.network,
      requestedAt: ask.now,
      releaseAt: new Date(ask.now.getTime() + context.limits.deviceConsentDelaySeconds * 1000),
      refuseTokenHash: context.secrets.hash(refuseToken),
    })
    .onConflictDoNothing()
    .returning()
  if (opened) return { grant: opened, refuseToken }
  return { grant: (await grantOf(db, ask.userId, ask.deviceId))! }
}

/** The user's devices waiting for consent now (neither approved nor refused, the delay still running). */
export function pendingGrants(db: Database, userId: string, now: Date): Promise<Grant[]> {
  return db
    .select()
    .from(deviceGrants)
    .where(and(eq(deviceGrants.userId, userId), isNull(deviceGrants.approvedAt), isNull(deviceGrants.refusedAt), gt(deviceGrants.releaseAt, now)))
    .orderBy(deviceGrants.requestedAt)
}

/** An existing device's approval; a refused device stays refused. True if it changed anything. */
export async function approveGrant(db: Database, userId: string, deviceId: string, approvedBy: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(deviceGrants)
    .set({ approvedAt: now, approvedBy })
    .where(and(byDevice(userId, deviceId), isNull(deviceGrants.approvedAt), isNull(deviceGrants.refusedAt)))
    .returning({ deviceId: deviceGrants.deviceId })
  return rows.length > 0
}

/**
 * Refuses a device for good, from an existing device or the mailed link: it gets no share
 * from then on. 'released' says the shares had already gone out before the refusal.
 */
export async function refuseGrant(db: Database, where: SQL | undefined, now: Date): Promise<'refused' | 'already' | 'released' | 'invalid'> {
  const [row] = await db
    .update(deviceGrants)
    .set({ refusedAt: now })
    .where(and(where, isNull(deviceGrants.refusedAt)))
    .returning({ sharesSentAt: deviceGrants.sharesSentAt })
  if (row) return row.sharesSentAt ? 'released' : 'refused'
  const [known] = await db.select({ deviceId: deviceGrants.deviceId }).from(deviceGrants).where(where)
  return known ? 'already' : 'invalid'
}

export const refuseDevice = (db: Database, userId: string, deviceId: string, now: Date) => refuseGrant(db, byDevice(userId, deviceId), now)

/** The grant a mailed refuse link names (by its token's hash). */
export async function grantByRefuseToken(context: FrameContext, token: string): Promise<Grant | undefined> {
  const [row] = await context.db
    .select()
    .from(deviceGrants)
    .where(eq(deviceGrants.refuseTokenHash, context.secrets.hash(token)))
  return row
}

export const refuseByToken = (context: FrameContext, token: string, now: Date) => refuseGrant(context.db, eq(deviceGrants.refuseTokenHash, context.secrets.hash(token)), now)

/** Marks the first release of shares to the device: true for exactly one caller (the notice goes out once). */
export async function claimSharesNotice(db: Database, userId: string, deviceId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(deviceGrants)
    .set({ sharesSentAt: now })
    .where(and(byDevice(userId, deviceId), isNull(deviceGrants.sharesSentAt)))
    .returning({ deviceId: deviceGrants.deviceId })
  return rows.length > 0
}
