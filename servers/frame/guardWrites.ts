import type { MiddlewareHandler } from 'hono'
import { checkStateChange } from '../common/stateChange.ts'
import type { FrameContext, FrameEnv } from './context.ts'
import { NOT_ALLOWED } from './http.ts'

export const NOT_JSON = 'Invalid request: the body must be application/json'

/**
 * The routes that by design take posts other than the frame page's JSON fetches. Every other
 * state-changing request under /v1/ must come from the frame page itself (the host page talks
 * to the frame by postMessage, never to this API) and carry JSON.
 */
export const FORM_POSTS: Readonly<Record<string, 'cross-site form' | 'own form'>> = {
  // Sign in with Apple answers with response_mode=form_post: a cross-site urlencoded POST from
  // appleid.apple.com. The login's state and the browser's own cookie protect it (routes/social.ts).
  '/v1/social/callback': 'cross-site form',
  // The device-approval page's Approve and Refuse buttons: HTML form posts (urlencoded) from that
  // page, which this server serves, so their Origin is still checked to be this server's.
  '/v1/device/approve': 'own form',
  '/v1/device/refuse': 'own form',
}

/**
 * Refuses a state-changing request to /v1/ that is not from this server's public origin (403)
 * or whose body is not application/json (415), before its body is read: a form on another site
 * cannot run a login or an email change while claiming to be an allowed host.
 */
export function guardWrites(context: FrameContext): MiddlewareHandler<FrameEnv> {
  return async (c, next) => {
    const exempt = Object.hasOwn(FORM_POSTS, c.req.path) ? FORM_POSTS[c.req.path] : undefined
    if (exempt === 'cross-site form') return next()
    // Read per request: the public URL is known once the server listens.
    const own = new URL(context.publicUrl).origin
    const refusal = checkStateChange(c.req.method, c.req.raw.headers, { allowsOrigin: (origin) => origin === own, json: exempt !== 'own form' })
    if (refusal?.status === 403) return c.json({ error: NOT_ALLOWED }, 403)
    if (refusal?.status === 415) return c.json({ error: NOT_JSON }, 415)
    await next()
  }
}
