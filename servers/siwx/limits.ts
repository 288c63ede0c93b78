import { lt, sql } from 'drizzle-orm'
import { type Database, siwxTables } from '../db/index.ts'
import { SiwxLimitError } from './types.ts'

const { siwxRateLimits } = siwxTables

/** At most `max` in each fixed window of `windowSeconds`. */
export interface WindowLimit {
  max: number
  windowSeconds: number
}

/**
 * Counts one nonce under `key` in the current window, or throws SiwxLimitError once the
 * window's count is past `limit.max`. One upsert: instances sharing the database count together.
 */
export async function countNonce(db: Database, key: string, limit: WindowLimit, now: Date, refusal: string): Promise<void> {
  const windowMs = limit.windowSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  const [row] = await db
    .insert(siwxRateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [siwxRateLimits.key, siwxRateLimits.windowStart], set: { count: sql`${siwxRateLimits.count} + 1` } })
    .returning({ count: siwxRateLimits.count })
  if (row!.count > limit.max) throw new SiwxLimitError(refusal, Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)))
}

/** Drops the windows that ended longer ago than the longest window lasts. */
export async function pruneWindows(db: Database, now: Date, longestWindowSeconds: number): Promise<void> {
  await db.delete(siwxRateLimits).where(lt(siwxRateLimits.windowStart, new Date(now.getTime() - longestWindowSeconds * 1000)))
}
