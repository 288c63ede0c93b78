import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { FrameContext, FrameEnv } from './context.ts'
import { guardWrites } from './guardWrites.ts'
import { ApiError } from './http.ts'
import { deviceRoutes } from './routes/device.ts'
import { emailRoutes } from './routes/email.ts'
import { farcasterRoutes } from './routes/farcaster.ts'
import { pageRoutes } from './routes/page.ts'
import { sessionRoutes } from './routes/session.ts'
import { socialRoutes } from './routes/social.ts'
import { walletRoutes } from './routes/wallets.ts'

/** The frame server's routes over one context. Stateless: every instance on a database answers alike. */
export function createFrameApp(context: FrameContext): Hono<FrameEnv> {
  const app = new Hono<FrameEnv>()
  app.use('/v1/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    await next()
  })
  app.use('/v1/*', guardWrites(context))
  app.use('/v1/*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }))
  emailRoutes(app, context)
  deviceRoutes(app, context)
  sessionRoutes(app, context)
  socialRoutes(app, context, context.social)
  farcasterRoutes(app, context)
  walletRoutes(app, context)
  pageRoutes(app, context)
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.message }, error.status)
    console.error('frame server:', error)
    return c.json({ error: 'Internal error' }, 500)
  })
  return app
}
