import { and, eq, isNotNull, lt, notExists, or, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { FrameLimits } from '../options.ts'

const { codes, cooldowns, deviceApprovals, farcasterRequests, passkeyChallenges, rateLimits, refreshTokens, sessions, socialRequests } = frameTables

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000)

/**
 * Every frame table whose rows have a lifetime, with the rows no rule reads any more; in
 * order (a session goes once its refresh tokens have).
 */
export const PRUNED: readonly { readonly table: PgTable; readonly expired: (db: Database, limits: FrameLimits, now: Date) => SQL | undefined }[] = [
  // Finished windows of every count (code requests, login starts).
  {
    table: rateLimits,
    expired: (_, limits, now) =>
      lt(rateLimits.windowStart, ago(now, Math.max(...[limits.perEmail, limits.perAddress, limits.startsPerAddress, limits.startsPerProject].map((limit) => limit.windowSeconds)))),
  },
  { table: cooldowns, expired: (_, __, now) => lt(cooldowns.until, now) },
  { table: codes, expired: (_, __, now) => or(lt(codes.expiresAt, now), isNotNull(codes.usedAt)) },
  { table: deviceApprovals, expired: (_, __, now) => lt(deviceApprovals.expiresAt, now) },
  // A spent token is kept until it expires: presenting it again must still revoke its session.
  { table: refreshTokens, expired: (_, __, now) => lt(refreshTokens.expiresAt, now) },
  // A session with no refresh token left can give no new access token; its last one has expired too.
  {
    table: sessions,
    expired: (db, limits, now) =>
      and(
        lt(sessions.createdAt, ago(now, limits.accessTokenSeconds)),
        or(
          lt(sessions.revokedAt, ago(now, limits.accessTokenSeconds)),
          notExists(db.select({ one: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessions.id))),
        ),
      ),
  },
  { table: socialRequests, expired: (_, __, now) => lt(socialRequests.expiresAt, now) },
  { table: farcasterRequests, expired: (_, __, now) => lt(farcasterRequests.expiresAt, now) },
  { table: passkeyChallenges, expired: (_, __, now) => or(lt(passkeyChallenges.expiresAt, now), isNotNull(passkeyChallenges.usedAt)) },
]

/** Deletes what PRUNED lists. Every instance runs it; it is idempotent. */
export async function pruneExpired(db: Database, limits: FrameLimits, now: Date): Promise<void> {
  for (const { table, expired } of PRUNED) await db.delete(table).where(expired(db, limits, now))
}
