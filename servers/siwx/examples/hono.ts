// Sign-in with a wallet in a Hono app: the siwx routes under /siwx as middleware, and one
// route that answers only a signed-in visitor. Run: npx tsx servers/siwx/examples/hono.ts
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'
import { pathToFileURL } from 'node:url'
import { type SiwxServer, createSiwxServer } from '../index.ts'

export function honoApp(siwx: SiwxServer): Hono {
  const app = new Hono()
  app.use('/siwx/*', async (c, next) => {
    const answered = await siwx.handle(c.req.raw, '/siwx', getConnInfo(c).remote.address)
    if (answered) return answered
    await next()
  })
  app.get('/api/me', async (c) => {
    const session = await siwx.session(c.req.header('cookie') ?? null)
    if (!session) return c.json({ error: 'Sign in first' }, 401)
    return c.json({ address: session.address, chainId: session.chainId })
  })
  return app
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const siwx = await createSiwxServer({
    database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: '.data/siwx' },
    domains: ['localhost:3000'],
    rpcUrls: { 'eip155:1': process.env.RPC_URL ?? 'https://ethereum-rpc.publicnode.com' },
  })
  serve({ fetch: honoApp(siwx).fetch, hostname: '127.0.0.1', port: 3000 })
}
