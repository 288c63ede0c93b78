// One server of bench/servers.mjs in a process of its own (bundled by it, run with an IPC
// channel), so the memory it reports is that server's alone. Which server and its options
// come as JSON in argv[2]; it answers { url } once listening, and to 'memory' its
// process.memoryUsage() as it is and after a full GC, to 'stop' by closing and exiting.
import { serve } from '@hono/node-server'
import { DEMO_PRICES } from '../demo/peers/tokens.mjs'
import { fixedPrices, startApiServer } from '../servers/api/index.ts'
import type { DatabaseLocation } from '../servers/db/index.ts'
import { startFrameServer } from '../servers/frame/server.ts'
import type { FrameServerOptions } from '../servers/frame/options.ts'
import { startMailbox } from '../servers/mailbox/mailbox.ts'
import { createSiwxServer } from '../servers/siwx/index.ts'

export type ServerSpec =
  | { kind: 'mailbox' }
  | {
      kind: 'frame'
      database: DatabaseLocation
      smtpUrl: string
      keyEncryptionKey: string
      sessionSecret: string
      projects: Record<string, string[]>
      limits: FrameServerOptions['limits']
      clientAddressHeader: string
      pageDir: string
    }
  | { kind: 'api'; database: DatabaseLocation; rpcUrl: string; origins: string[] }
  | { kind: 'siwx'; database: DatabaseLocation; rpcUrl: string; domain: string }

export type ServerMessage = { ready: { url: string; smtpUrl?: string } } | { memory: { rss: number; heapUsed: number; heapUsedAfterGc: number } }

interface Running {
  url: string
  smtpUrl?: string
  close(): Promise<void>
}

async function start(spec: ServerSpec): Promise<Running> {
  switch (spec.kind) {
    case 'mailbox':
      return startMailbox()
    case 'frame':
      return startFrameServer({ ...spec, mailFrom: 'Portico bench <login@portico.test>' })
    case 'api':
      return startApiServer({
        database: spec.database,
        chains: [{ chainId: 'eip155:31337', rpcUrl: spec.rpcUrl, pollingIntervalMs: 200 }],
        prices: fixedPrices(DEMO_PRICES),
        origins: spec.origins,
        log: () => {},
      })
    case 'siwx': {
      const siwx = await createSiwxServer({ database: spec.database, domains: [spec.domain], rpcUrls: { 'eip155:31337': spec.rpcUrl } })
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const listening = serve(
          { fetch: async (request) => (await siwx.handle(request)) ?? Response.json({ error: 'Not found' }, { status: 404 }), hostname: '127.0.0.1', port: 0 },
          () => resolve(listening),
        )
      })
      const { port } = server.address() as { port: number }
      return {
        url: `http://127.0.0.1:${port}`,
        async close() {
          await new Promise((resolve) => {
            server.close(resolve)
            if ('closeAllConnections' in server) server.closeAllConnections()
          })
          await siwx.close()
        },
      }
    }
  }
}

const send = (message: ServerMessage) => process.send!(message)
const running = await start(JSON.parse(process.argv[2]!) as ServerSpec)
process.on('message', (message) => {
  if (message === 'memory') {
    const { rss, heapUsed } = process.memoryUsage()
    // Run with --expose-gc: what stays once garbage is collected, besides what the load left lying.
    globalThis.gc?.()
    send({ memory: { rss, heapUsed, heapUsedAfterGc: process.memoryUsage().heapUsed } })
  } else if (message === 'stop') {
    void running.close().then(() => process.exit(0))
  }
})
// The bench ended without stopping it (a crash): do not outlive it.
process.on('disconnect', () => process.exit(0))
send({ ready: { url: running.url, smtpUrl: running.smtpUrl } })
