import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { frameTables } from '../../db/index.ts'
import type { FrameContext, FrameEnv } from '../context.ts'
import { allowOrigin, ApiError, Caller, readBody, readQuery } from '../http.ts'
import { revokeSession, rotateRefreshToken, SESSION_GONE } from '../store/sessions.ts'
import { sessionOf } from './auth.ts'

const { users, wallets } = frameTables

const RefreshBody = v.object({ ...Caller, refreshToken: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a refresh token')) })
const CallerOnly = v.object(Caller)

export function sessionRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  /** A new access token and refresh token (and host token) for a live, unspent refresh token. */
  app.post('/v1/session/refresh', async (c) => {
    const body = await readBody(c, RefreshBody)
    allowOrigin(context, body)
    return c.json(await rotateRefreshToken(context, body.refreshToken, body.projectId))
  })

  app.post('/v1/session/signout', async (c) => {
    const session = await sessionOf(context, c, await readBody(c, CallerOnly))
    await revokeSession(context, session.sessionId)
    return c.body(null, 204)
  })

  app.get('/v1/me', async (c) => {
    const session = await sessionOf(context, c, readQuery(c, CallerOnly))
    const [user] = await context.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, session.userId))
    if (!user) throw new ApiError(401, SESSION_GONE)
    const rows = await context.db.select().from(wallets).where(eq(wallets.userId, user.id))
    return c.json({ user, wallets: Object.fromEntries(rows.map((row) => [row.namespace, row.address])) })
  })
}
