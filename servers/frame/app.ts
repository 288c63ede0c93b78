import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { safeErrorText } from '../common/logSafe.ts'
import type { FrameContext, FrameEnv } from './context.ts'
import { guardWrites } from './guardWrites.ts'
import { ApiError } from './http.ts'
import { consentRoutes } from './routes/consent.ts'
import { limitStarts, limitWaits, START_PATHS, WAIT_PATHS } from './requestLimits.ts'
import { deviceRoutes } from './routes/device.ts'
import { emailRoutes } from './routes/email.ts'
import { farcasterRoutes } from './routes/farcaster.ts'
import { pageRoutes } from './routes/page.ts'
import { passkeyRoutes } from './routes/passkeys.ts'
import { sessionRoutes } from './routes/session.ts'
import { socialRoutes } from './routes/social.ts'
import { walletRoutes } from './routes/wallets.ts'

/** The largest request body: a Content-Length above it, or a streamed body reaching it, is a 413 before more is read. */
export const MAX_BODY_BYTES = 16 * 1024

/** The frame server's routes over one context. Stateless: every instance on a database answers alike. */
export function createFrameApp(context: FrameContext): Hono<FrameEnv> {
  const app = new Hono<FrameEnv>()
  app.use('/v1/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    await next()
  })
  // Every path: a body sent to the page's routes or a 404 is refused as soon as its size is known.
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'Request body too large' }, 413) }))
  // Before the limits: a cross-site request is refused without being counted against the visitor.
  app.use('/v1/*', guardWrites(context))
  for (const path of START_PATHS) app.use(path, limitStarts(context))
  for (const path of WAIT_PATHS) app.use(path, limitWaits(context))
  emailRoutes(app, context)
  deviceRoutes(app, context)
  consentRoutes(app, context)
  sessionRoutes(app, context)
  socialRoutes(app, context, context.social)
  farcasterRoutes(app, context)
  walletRoutes(app, context)
  passkeyRoutes(app, context)
  pageRoutes(app, context)
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.message }, error.status)
    console.error('frame server:', safeErrorText(error, { frames: true }))
    return c.json({ error: 'Internal error' }, 500)
  })
  return app
}
