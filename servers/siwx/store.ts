import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { type Database, siwxTables } from '../db/index.ts'
import { pruneWindows } from './limits.ts'
import type { SiwxSession } from './types.ts'

const { siwxNonces, siwxSessions } = siwxTables

/**
 * Drops the rows no rule reads any more: nonces expired for longer than a nonce lives (a replay
 * that late is refused as expired by its issuedAt anyway), sessions ended or revoked, and
 * finished rate-limit windows.
 */
export async function pruneExpired(db: Database, now: Date, lifetimes: { nonceTtlMs: number; longestWindowSeconds: number }): Promise<void> {
  await db.delete(siwxNonces).where(lt(siwxNonces.expiresAt, new Date(now.getTime() - lifetimes.nonceTtlMs)))
  await db.delete(siwxSessions).where(or(lt(siwxSessions.expiresAt, now), isNotNull(siwxSessions.revokedAt)))
  await pruneWindows(db, now, lifetimes.longestWindowSeconds)
}

/** Stores the nonce handed out with a new nonce cookie. */
export async function issueNonce(db: Database, nonce: string, now: Date, ttlMs: number): Promise<void> {
  await db.insert(siwxNonces).values({ nonce, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
}

/**
 * Spends the nonce for one try at signing in, whatever its outcome: each try may cost an
 * eth_call, so a nonce buys one. Of two tries with one nonce, one gets it.
 */
export async function spendNonce(db: Database, nonce: string, now: Date): Promise<'spent' | 'unknown' | 'replayed' | 'expired'> {
  const [spent] = await db
    .update(siwxNonces)
    .set({ usedAt: now })
    .where(and(eq(siwxNonces.nonce, nonce), isNull(siwxNonces.usedAt)))
    .returning({ expiresAt: siwxNonces.expiresAt })
  if (spent) return spent.expiresAt <= now ? 'expired' : 'spent'
  const [row] = await db.select({ nonce: siwxNonces.nonce }).from(siwxNonces).where(eq(siwxNonces.nonce, nonce))
  return row ? 'replayed' : 'unknown'
}

/** Gives back a nonce spent at `spentAt` whose try got no verdict (the chain's node did not answer). */
export async function restoreNonce(db: Database, nonce: string, spentAt: Date): Promise<void> {
  await db
    .update(siwxNonces)
    .set({ usedAt: null })
    .where(and(eq(siwxNonces.nonce, nonce), eq(siwxNonces.usedAt, spentAt)))
}

export interface NewSession {
  tokenHash: string
  address: string
  chainId: string
  domain: string
  message: string
  signature: string
  issuedAt: Date
  expiresAt: Date
}

export async function createSession(db: Database, session: NewSession, now: Date): Promise<SiwxSession> {
  const [row] = await db
    .insert(siwxSessions)
    .values({ ...session, createdAt: now })
    .returning()
  return toSession(row!)
}

/** The live session with this token hash: not revoked, not expired. */
export async function findSession(db: Database, hash: string, now: Date): Promise<SiwxSession | undefined> {
  const [row] = await db
    .select()
    .from(siwxSessions)
    .where(and(eq(siwxSessions.tokenHash, hash), isNull(siwxSessions.revokedAt), gt(siwxSessions.expiresAt, now)))
  return row && toSession(row)
}

export async function revokeSession(db: Database, hash: string, now: Date): Promise<void> {
  await db
    .update(siwxSessions)
    .set({ revokedAt: now })
    .where(and(eq(siwxSessions.tokenHash, hash), isNull(siwxSessions.revokedAt)))
}

function toSession(row: typeof siwxSessions.$inferSelect): SiwxSession {
  return {
    id: row.id,
    address: row.address,
    chainId: row.chainId,
    domain: row.domain,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }
}
