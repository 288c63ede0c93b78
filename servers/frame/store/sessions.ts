import { and, eq, isNull } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import * as v from 'valibot'
import type { Database } from '../../db/index.ts'
import { frameTables } from '../../db/index.ts'
import type { FrameContext, SessionClaims } from '../context.ts'
import { ApiError } from '../http.ts'
import { newToken } from '../secrets.ts'

const { sessions, refreshTokens } = frameTables

/** The audience of access tokens (the frame's API) and of host tokens (which only name a session). */
const ACCESS_AUDIENCE = 'portico-frame'
const HOST_AUDIENCE = 'portico-host'

export const SESSION_GONE = 'Session expired or signed out'
export const REFRESH_REUSED = 'Refresh token already used; the session is revoked'

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  /** Names the session for the host page (IS_CONNECTED after a reload); it grants nothing. */
  hostToken: string
}

/** A token signed with the server's key for `audience`, valid `seconds` from now. */
function token(context: FrameContext, now: number, subject: string, audience: string, seconds: number, claims: Record<string, unknown> = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(context.secrets.jwtKey)
}

async function sign(context: FrameContext, claims: SessionClaims): Promise<Omit<IssuedTokens, 'refreshToken'>> {
  const now = Math.floor(context.now().getTime() / 1000)
  const accessToken = await token(context, now, claims.userId, ACCESS_AUDIENCE, context.limits.accessTokenSeconds, {
    sid: claims.sessionId,
    did: claims.deviceId,
    rec: claims.recovery,
    pid: claims.projectId,
  })
  const hostToken = await token(context, now, claims.sessionId, HOST_AUDIENCE, context.limits.refreshTokenSeconds)
  return { accessToken, hostToken }
}

async function addRefreshToken(db: Database, context: FrameContext, sessionId: string, now: Date): Promise<string> {
  const refreshToken = newToken()
  await db.insert(refreshTokens).values({
    tokenHash: context.secrets.hash(refreshToken),
    sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + context.limits.refreshTokenSeconds * 1000),
  })
  return refreshToken
}

/** A new session (one refresh-token family) for a user on a device. */
export async function createSession(db: Database, context: FrameContext, claims: Omit<SessionClaims, 'sessionId'>): Promise<IssuedTokens> {
  const now = context.now()
  const [session] = await db
    .insert(sessions)
    .values({ userId: claims.userId, deviceId: claims.deviceId, projectId: claims.projectId, recovery: claims.recovery, createdAt: now })
    .returning({ id: sessions.id })
  const refreshToken = await addRefreshToken(db, context, session!.id, now)
  return { ...(await sign(context, { ...claims, sessionId: session!.id })), refreshToken }
}

/**
 * Spends a refresh token for a new pair. A token presented again after it was spent means
 * two holders: the whole family (the session) is revoked, and both lose it.
 */
export async function rotateRefreshToken(context: FrameContext, refreshToken: string, projectId: string): Promise<IssuedTokens> {
  const now = context.now()
  const tokenHash = context.secrets.hash(refreshToken)
  return context.db
    .transaction(async (db) => {
      const [row] = await db
        .select({ token: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
      if (!row || row.session.revokedAt || row.token.expiresAt <= now) throw new ApiError(401, SESSION_GONE)
      // The window slides with each refresh, but a login does not live forever.
      if (row.session.createdAt.getTime() + context.limits.sessionLifetimeSeconds * 1000 <= now.getTime()) throw new ApiError(401, SESSION_GONE)
      if (row.session.projectId !== projectId) throw new ApiError(401, SESSION_GONE)
      const spent = await db
        .update(refreshTokens)
        .set({ spentAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.spentAt)))
        .returning({ tokenHash: refreshTokens.tokenHash })
      if (spent.length === 0) {
        // Commit the revocation even though the request fails: the throw happens after the transaction.
        await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id))
        return undefined
      }
      const claims: SessionClaims = {
        userId: row.session.userId,
        sessionId: row.session.id,
        deviceId: row.session.deviceId,
        recovery: row.session.recovery,
        projectId: row.session.projectId,
      }
      return { ...(await sign(context, claims)), refreshToken: await addRefreshToken(db, context, row.session.id, now) }
    })
    .then((tokens) => {
      if (!tokens) throw new ApiError(401, REFRESH_REUSED)
      return tokens
    })
}

export async function revokeSession(context: FrameContext, sessionId: string): Promise<void> {
  await context.db
    .update(sessions)
    .set({ revokedAt: context.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

const AccessClaims = v.object({
  sub: v.pipe(v.string(), v.uuid()),
  sid: v.pipe(v.string(), v.uuid()),
  did: v.string(),
  rec: v.boolean(),
  pid: v.string(),
})

/**
 * The session behind a Bearer access token: a valid signature and expiry, and a session the
 * database still holds as live (a sign-out on any instance ends it at once everywhere).
 */
export async function verifyAccessToken(context: FrameContext, token: string): Promise<SessionClaims> {
  let payload: unknown
  try {
    ;({ payload } = await jwtVerify(token, context.secrets.jwtKey, {
      algorithms: ['HS256'],
      audience: ACCESS_AUDIENCE,
      currentDate: context.now(),
    }))
  } catch {
    throw new ApiError(401, SESSION_GONE)
  }
  const claims = v.safeParse(AccessClaims, payload)
  if (!claims.success) throw new ApiError(401, SESSION_GONE)
  const [session] = await context.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, claims.output.sid))
  if (!session || session.revokedAt) throw new ApiError(401, SESSION_GONE)
  const { sub, sid, did, rec, pid } = claims.output
  return { userId: sub, sessionId: sid, deviceId: did, recovery: rec, projectId: pid }
}
