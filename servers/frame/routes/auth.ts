import type { Context } from 'hono'
import type { FrameContext, FrameEnv, SessionClaims } from '../context.ts'
import { allowOrigin, ApiError } from '../http.ts'
import { SESSION_GONE, verifyAccessToken } from '../store/sessions.ts'

/**
 * The caller's session from its Bearer access token, for a call made from an allowed host
 * origin of the project the session was opened for.
 */
export async function sessionOf(context: FrameContext, c: Context<FrameEnv>, caller: { projectId: string; hostOrigin: string }): Promise<SessionClaims> {
  allowOrigin(context, caller)
  const match = /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(c.req.header('authorization') ?? '')
  if (!match) throw new ApiError(401, 'Missing access token')
  const session = await verifyAccessToken(context, match[1]!)
  if (session.projectId !== caller.projectId) throw new ApiError(401, SESSION_GONE)
  return session
}
