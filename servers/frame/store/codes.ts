import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import { ApiError } from '../http.ts'
import type { FrameLimits } from '../options.ts'
import { newCode, type Secrets } from '../secrets.ts'

const { codes } = frameTables

export const INVALID_CODE = 'Invalid code'
export const CODE_GONE = 'Code expired or voided, request a new one'

/** What a code is for: a login of an email on a device, or a step of a user's email change. */
export const loginCodeKey = (email: string, deviceId: string) => `login|${email}|${deviceId}`
export const updateCodeKey = (step: 'primary' | 'secondary', userId: string) => `update-${step}|${userId}`

/** A new code for `key`, voiding the earlier ones; only its keyed hash is stored. Returns the code to mail. */
export async function issueCode(db: Database, secrets: Secrets, limits: FrameLimits, now: Date, key: string, newEmail?: string): Promise<string> {
  const code = newCode()
  await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.key, key), isNull(codes.usedAt)))
  await db.insert(codes).values({
    key,
    codeHash: secrets.hash(`${key}|${code}`),
    newEmail: newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + limits.codeTtlSeconds * 1000),
  })
  return code
}

/**
 * Spends the live code for `key` if `code` is it. A wrong code counts a try; the try that
 * reaches the limit voids the code. Returns the row (with newEmail for an email change).
 * Every step is a conditional update, so two instances cannot both spend one code.
 */
export async function consumeCode(db: Database, secrets: Secrets, limits: FrameLimits, now: Date, key: string, code: string) {
  const [live] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.key, key), isNull(codes.usedAt), gt(codes.expiresAt, now), lt(codes.attempts, limits.maxCodeAttempts)))
    .orderBy(desc(codes.createdAt))
    .limit(1)
  if (!live) throw new ApiError(400, CODE_GONE)
  if (secrets.hash(`${key}|${code}`) !== live.codeHash) {
    const [counted] = await db
      .update(codes)
      .set({ attempts: sql`${codes.attempts} + 1` })
      .where(eq(codes.id, live.id))
      .returning({ attempts: codes.attempts })
    throw new ApiError(400, counted!.attempts >= limits.maxCodeAttempts ? CODE_GONE : INVALID_CODE)
  }
  const [spent] = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.id, live.id), isNull(codes.usedAt), lt(codes.attempts, limits.maxCodeAttempts)))
    .returning({ newEmail: codes.newEmail })
  if (!spent) throw new ApiError(400, CODE_GONE)
  return spent
}
