import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ApiError as ApiErrorBody } from '../../protocol/api/schemas.ts'
import { safeErrorText } from '../common/logSafe.ts'
import { checkStateChange, describeRefusal } from '../common/stateChange.ts'
import type { ApiContext } from './context.ts'
import { ApiError } from './http.ts'
import { balanceRoutes } from './routes/balances.ts'
import { historyRoutes } from './routes/history.ts'
import { nftRoutes } from './routes/nfts.ts'
import { profileRoutes } from './routes/profile.ts'

/**
 * The largest request body (a name registration: its signed message and a contract wallet's
 * long signature fit well within): a larger Content-Length, or a streamed body reaching it, is
 * a 413 before more is read.
 */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * The Blockchain API's routes (protocol/api/contract.ts BlockchainApiPaths). Stateless over
 * the database: every instance answers alike, whichever one indexes. Pages of apps on
 * `origins` may call it from the browser ('*' allows any): GETs, and the POST that registers a name,
 * which must carry one of those origins in its Origin header and a JSON body.
 */
export function createApiApp(context: ApiContext, origins: readonly string[]): Hono {
  const app = new Hono()
  const refuse = (reason: string, message: string): ApiErrorBody => ({ reason, message })
  const anyOrigin = origins.includes('*')
  const allowed = new Set(origins)
  app.use('*', cors({ origin: (origin) => (anyOrigin ? '*' : allowed.has(origin) ? origin : null), allowMethods: ['GET', 'POST'], allowHeaders: ['Content-Type'], maxAge: 600 }))
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(refuse('BODY_TOO_LARGE', `body: larger than ${MAX_BODY_BYTES / 1024} KB`), 413) }))
  app.use('/v1/*', async (c, next) => {
    await next()
    // Answers change with every block: clients keep their own short caches (SPEC §9).
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
  })
  app.use('/v1/*', async (c, next) => {
    const refusal = checkStateChange(c.req.method, c.req.raw.headers, { allowsOrigin: (origin) => anyOrigin || allowed.has(origin), json: true })
    if (refusal?.status === 403) return c.json(refuse('ORIGIN_NOT_ALLOWED', describeRefusal(refusal)), 403)
    if (refusal?.status === 415) return c.json(refuse('UNSUPPORTED_MEDIA_TYPE', describeRefusal(refusal)), 415)
    await next()
  })
  balanceRoutes(app, context)
  historyRoutes(app, context)
  nftRoutes(app, context)
  profileRoutes(app, context)
  app.notFound((c) => c.json(refuse('NOT_FOUND', `No such path: ${c.req.method} ${c.req.path}`), 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(refuse(error.reason, error.message), error.status)
    console.error('api server:', safeErrorText(error, { frames: true }))
    return c.json(refuse('INTERNAL', 'Internal error'), 500)
  })
  return app
}
