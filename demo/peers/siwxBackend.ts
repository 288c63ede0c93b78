// The demo's backend for sign-in with a wallet: portico/siwx-server's routes under /siwx
// and /api/me, which answers only a signed-in visitor (the Hono example an integrator
// would start from). Served by the demo server on the page's own origin, so the session
// cookie is first-party and SameSite holds.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createSiwxServer } from '../../servers/siwx/index.ts'
import { honoApp } from '../../servers/siwx/examples/hono.ts'

export interface SiwxBackendOptions {
  /** host:port the demo is served on (the messages' domain). */
  readonly hosts: readonly string[]
  /** PGlite data folder; in memory without one. DATABASE_URL wins over both. */
  readonly dataDir?: string
  readonly databaseUrl?: string
  /** CAIP-2 eip155 chain -> JSON-RPC URL of the local nodes. */
  readonly rpcUrls: Readonly<Record<string, string>>
  /** The Solana chains signed in on (CAIP-2). */
  readonly solanaChains: readonly string[]
}

export interface SiwxBackend {
  /** The paths this backend answers; the demo server hands it those requests. */
  readonly prefixes: readonly string[]
  readonly listener: ReturnType<typeof getRequestListener>
  close(): Promise<void>
}

export async function startSiwxBackend(options: SiwxBackendOptions): Promise<SiwxBackend> {
  if (options.dataDir) mkdirSync(join(options.dataDir, 'siwx'), { recursive: true })
  const siwx = await createSiwxServer({
    database: options.databaseUrl ? { url: options.databaseUrl } : options.dataDir ? { dataDir: join(options.dataDir, 'siwx') } : { memory: true },
    domains: options.hosts,
    rpcUrls: options.rpcUrls,
    solanaChains: options.solanaChains,
    // The demo is plain http on 127.0.0.1; a deployment keeps the default (Secure).
    cookie: { secure: false },
  })
  return { prefixes: ['/siwx/', '/api/'], listener: getRequestListener(honoApp(siwx).fetch), close: () => siwx.close() }
}
