import { and, eq, gt, isNull } from 'drizzle-orm'
import * as v from 'valibot'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import { ApiError } from '../http.ts'
import type { FrameLimits } from '../options.ts'

const { passkeyChallenges, passkeys } = frameTables

export const PASSKEY_CHALLENGE_GONE = 'Passkey request expired or already used, try again'
export const PASSKEY_REFUSED = 'The passkey could not be verified'
export const UNKNOWN_PASSKEY = 'This passkey is not registered here'

/** What a challenge was issued for: a new account, a login, or a passkey added to a signed-in account. */
export type ChallengePurpose = 'signup' | 'login' | 'add'

/** Who asked for a challenge: only the same frame (project and device) may answer it. */
export interface ChallengeAsker {
  purpose: ChallengePurpose
  projectId: string
  deviceId: string
}

export async function issueChallenge(db: Database, limits: FrameLimits, now: Date, challenge: string, asker: ChallengeAsker & { userId: string | null }): Promise<void> {
  await db.insert(passkeyChallenges).values({
    challenge,
    ...asker,
    createdAt: now,
    expiresAt: new Date(now.getTime() + limits.passkeyChallengeSeconds * 1000),
  })
}

const ClientData = v.object({ challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)) })

/** The challenge a response answers, as its clientDataJSON names it (simplewebauthn checks it again against the spent one). */
export function challengeOf(clientDataJSON: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
  } catch {
    throw new ApiError(400, PASSKEY_REFUSED)
  }
  const result = v.safeParse(ClientData, parsed)
  if (!result.success) throw new ApiError(400, PASSKEY_REFUSED)
  return result.output.challenge
}

/**
 * Spends the live challenge a response names, for the purpose and the frame that asked for it.
 * One conditional update: of two answers to one challenge (on any instance) exactly one gets it.
 * Spent before the signature is checked: a challenge is answered once, well or badly.
 */
export async function spendChallenge(db: Database, now: Date, challenge: string, asker: ChallengeAsker): Promise<{ userId: string | null }> {
  const [spent] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, asker.purpose),
        eq(passkeyChallenges.projectId, asker.projectId),
        eq(passkeyChallenges.deviceId, asker.deviceId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: passkeyChallenges.userId })
  if (!spent) throw new ApiError(400, PASSKEY_CHALLENGE_GONE)
  return spent
}

export async function passkeyById(db: Database, id: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id))
  return row
}

export async function passkeysOf(db: Pick<Database, 'select'>, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt)
}

/**
 * Moves the stored counter from the value the signature was checked against to the new one.
 * Conditional: of two logins with one counter value (a cloned authenticator, a replay racing
 * the original), only one moves it.
 */
export async function advanceCounter(db: Database, id: string, from: number, to: number, now: Date): Promise<void> {
  const moved = await db
    .update(passkeys)
    .set({ counter: to, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, from)))
    .returning({ id: passkeys.id })
  if (moved.length === 0) throw new ApiError(400, PASSKEY_REFUSED)
}
