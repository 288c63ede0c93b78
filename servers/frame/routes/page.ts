import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { FrameContext, FrameEnv } from '../context.ts'
import { NOT_ALLOWED, ProjectId } from '../http.ts'
import { renderFramePage } from '../page/html.ts'

const FrameQuery = v.object({
  projectId: ProjectId,
  chainId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  version: v.optional(v.pipe(v.string(), v.maxLength(8))),
  enableLogger: v.optional(v.pipe(v.string(), v.maxLength(8))),
})

/**
 * The page's policy: only the project's host origins may embed it, and only its own built
 * script runs. Connections may go to any http(s) endpoint because the RPC endpoints are the
 * integrator's, learnt at run time from the host.
 */
function contentSecurityPolicy(origins: Iterable<string>) {
  return [
    `frame-ancestors ${[...origins].join(' ')}`,
    "default-src 'self'",
    "script-src 'self'",
    // The page sets the host's theme variables through the CSSOM (style.setProperty), which
    // style-src does not govern: no inline style is needed, so none is allowed.
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

const refusal = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${NOT_ALLOWED}</title></head><body><p>${NOT_ALLOWED}</p></body></html>`

export function pageRoutes(app: Hono<FrameEnv>, context: FrameContext) {
  app.get('/frame', (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const query = v.safeParse(FrameQuery, c.req.query())
    const origins = query.success ? context.projects.get(query.output.projectId)?.origins : undefined
    if (!query.success || !origins || origins.size === 0) {
      c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
      return c.html(refusal, 403)
    }
    c.header('Content-Security-Policy', contentSecurityPolicy(origins))
    // Its own agent cluster, which lets the browser give the frame a process of its own
    // even beside a host page on the same site: the keys' memory is not the host's.
    c.header('Origin-Agent-Cluster', '?1')
    return c.html(renderFramePage({ allowedOrigins: [...origins], projectId: query.output.projectId, smartAccounts: context.smartAccounts }))
  })
  // The built page script and its chunks (servers/frame/page/dist, built by buildFramePage()).
  app.use('/*', serveStatic({ root: context.pageDir }))
}
