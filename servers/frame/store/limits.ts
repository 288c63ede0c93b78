import { and, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import { FrameServerErrorText, tryAgainAfter } from '../../../protocol/frameServerErrors.ts'
import { ApiError } from '../http.ts'
import type { FrameLimits, WindowLimit } from '../options.ts'

const { cooldowns, rateLimits } = frameTables

/**
 * Admits one mail-sending request for `email` from `address`, or throws a 429. The cooldown
 * is per kind of request (`cooldownKey`: a login code, an email change), the counts per email
 * and per address over all kinds. Run inside the
 * transaction that records what is mailed: a refusal rolls back the counts, so a refused
 * request neither counts nor sends. Each check is a single upsert, so instances sharing the
 * database cannot both pass a limit that only one may.
 */
export async function admitCodeRequest(db: Database, limits: FrameLimits, now: Date, request: { cooldownKey: string; email: string; address: string }): Promise<void> {
  const { cooldownKey, email, address } = request
  const until = new Date(now.getTime() + limits.cooldownSeconds * 1000)
  const claimed = await db
    .insert(cooldowns)
    .values({ key: cooldownKey, until })
    .onConflictDoUpdate({ target: cooldowns.key, set: { until }, setWhere: sql`${cooldowns.until} <= ${now}` })
    .returning({ key: cooldowns.key })
  if (claimed.length === 0) {
    const [row] = await db.select({ until: cooldowns.until }).from(cooldowns).where(eq(cooldowns.key, cooldownKey))
    const seconds = Math.max(1, Math.ceil(((row?.until.getTime() ?? now.getTime()) - now.getTime()) / 1000))
    throw new ApiError(429, tryAgainAfter(seconds))
  }
  await countInWindow(db, `email:${email}`, limits.perEmail, now, FrameServerErrorText.TOO_MANY_CODES_FOR_EMAIL)
  await countInWindow(db, `address:${address}`, limits.perAddress, now, FrameServerErrorText.TOO_MANY_CODES_FROM_ADDRESS)
}

/**
 * Counts one request under `key` in the current fixed window, or throws a 429 with `refusal`
 * and the minutes left when the window's count is past `limit.max`. One upsert: instances
 * sharing the database count together.
 */
export async function countInWindow(db: Database, key: string, limit: WindowLimit, now: Date, refusal: string): Promise<void> {
  const windowMs = limit.windowSeconds * 1000
  const windowStart = windowOf(limit, now)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
  if (row!.count > limit.max) {
    const minutes = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 60_000)
    throw new ApiError(429, `${refusal}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`)
  }
}

const windowOf = (limit: WindowLimit, now: Date) => {
  const windowMs = limit.windowSeconds * 1000
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs)
}

/** Takes back what countInWindow counted at `now` (a refused request does not count); a window back at 0 is deleted. */
export async function uncountInWindow(db: Database, key: string, limit: WindowLimit, now: Date): Promise<void> {
  const here = and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(limit, now)))
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(here)
  await db.delete(rateLimits).where(and(here, lte(rateLimits.count, 0)))
}
