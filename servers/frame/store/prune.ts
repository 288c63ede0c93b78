import { isNotNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { FrameLimits } from '../options.ts'

const { codes, cooldowns, deviceApprovals, farcasterRequests, rateLimits, refreshTokens, socialRequests } = frameTables

/**
 * Deletes rows that no rule reads any more: finished rate-limit windows, past cooldowns,
 * expired or spent codes and approval links, expired Farcaster and social logins, expired refresh tokens (a spent one is kept
 * until it expires: presenting it again must still revoke its session).
 */
export async function pruneExpired(db: Database, limits: FrameLimits, now: Date): Promise<void> {
  const longestWindow = Math.max(limits.perEmail.windowSeconds, limits.perAddress.windowSeconds) * 1000
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - longestWindow)))
  await db.delete(cooldowns).where(lt(cooldowns.until, now))
  await db.delete(codes).where(or(lt(codes.expiresAt, now), isNotNull(codes.usedAt)))
  await db.delete(deviceApprovals).where(lt(deviceApprovals.expiresAt, now))
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now))
  await db.delete(farcasterRequests).where(lt(farcasterRequests.expiresAt, now))
  await db.delete(socialRequests).where(lt(socialRequests.expiresAt, now))
}
