import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { type Database, siwxTables } from '../db/index.ts'
import { pruneWindows } from './limits.ts'
import type { SiwxSession } from './types.ts'

const { siwxNonces, siwxSessions } = siwxTables

/** 128 random bits as 32 hex characters: letters and digits, as the message's Nonce line requires. */
const newNonce = () => randomBytes(16).toString('hex')

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

/** Stores a new nonce. */
export async function issueNonce(db: Database, now: Date, ttlMs: number): Promise<string> {
  const nonce = newNonce()
  await db.insert(siwxNonces).values({ nonce, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
  return nonce
}

export async function findNonce(db: Database, nonce: string) {
  const [row] = await db.select().from(siwxNonces).where(eq(siwxNonces.nonce, nonce))
  return row
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

/**
 * Spends the nonce and stores the session in one transaction. Undefined when the nonce was
 * spent (or expired) in the meantime: of two requests with one message, one signs in.
 */
export async function spendNonceForSession(db: Database, nonce: string, session: NewSession, now: Date): Promise<SiwxSession | undefined> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(siwxNonces)
      .set({ usedAt: now })
      .where(and(eq(siwxNonces.nonce, nonce), isNull(siwxNonces.usedAt), gt(siwxNonces.expiresAt, now)))
      .returning({ nonce: siwxNonces.nonce })
    if (spent.length === 0) return undefined
    const [row] = await tx.insert(siwxSessions).values({ ...session, createdAt: now }).returning()
    return toSession(row!)
  })
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
  await db.update(siwxSessions).set({ revokedAt: now }).where(and(eq(siwxSessions.tokenHash, hash), isNull(siwxSessions.revokedAt)))
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
