import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import * as v from 'valibot'
import { safeErrorText } from '../common/logSafe.ts'
import { NO_PROXIES, parseTrustedProxies, type TrustedProxies } from '../common/clientAddress.ts'
import { openDatabase, type Database } from '../db/index.ts'
import { createFrameApp } from './app.ts'
import type { FrameContext } from './context.ts'
import { createMailer } from './mail.ts'
import { FRAME_PAGE_DIST } from './page/build.ts'
import { SmartAccountNetworkSchema } from './page/config.ts'
import { DEFAULT_LIMITS, type FrameServerOptions } from './options.ts'
import { readProjects } from './projects.ts'
import { createSecrets, type KeyRing, parseKeyRing } from './secrets.ts'
import { FARCASTER_RELAY, createFarcasterChain } from './social/farcaster.ts'
import { createFarcasterRelay } from './social/farcasterRelay.ts'
import { createSocialClients } from './social/providers.ts'
import { pruneExpired } from './store/prune.ts'

/** How often an instance deletes rows no rule reads any more (every instance does; it is idempotent). */
const PRUNE_EVERY_MS = 10 * 60 * 1000

export interface FrameServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string
  /** Stops listening, ends open requests, closes the database it opened (not one it was given). */
  close(): Promise<void>
}

function trustedProxiesOf(options: FrameServerOptions): TrustedProxies {
  const { trustedProxies, clientAddressHeader } = options
  if (trustedProxies === undefined) return clientAddressHeader === undefined ? NO_PROXIES : { hops: 1 }
  if (typeof trustedProxies === 'number') {
    if (!Number.isInteger(trustedProxies) || trustedProxies < 0) throw new Error('trustedProxies must be a count of hops (0 or more) or a list of networks')
    return { hops: trustedProxies }
  }
  return parseTrustedProxies(trustedProxies.join(','))
}

function checkOptions(options: FrameServerOptions): KeyRing {
  let ring: KeyRing
  try {
    ring = parseKeyRing(options.keyEncryptionKey)
  } catch (error) {
    throw new Error(`keyEncryptionKey: ${(error as Error).message} (one key: openssl rand -base64 32; several: id:base64, newest first)`)
  }
  if (options.sessionSecret.length < 32) throw new Error('sessionSecret must be at least 32 characters')
  return ring
}

/**
 * Starts the frame server on 127.0.0.1: the frame page and its API, with users, sessions and
 * key shares in the database (migrated at start).
 */
export async function startFrameServer(options: FrameServerOptions): Promise<FrameServer> {
  const kek = checkOptions(options)
  const opened = 'db' in options.database ? undefined : await openDatabase(options.database)
  const db: Database = 'db' in options.database ? options.database.db : opened!.db
  const mailer = createMailer(options.smtpUrl, options.mailFrom)
  const context: { -readonly [K in keyof FrameContext]: FrameContext[K] } = {
    db,
    secrets: createSecrets(kek, options.sessionSecret),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    projects: readProjects(options.projects),
    publicUrl: '',
    mailer,
    pageDir: options.pageDir ?? FRAME_PAGE_DIST,
    smartAccounts: v.parse(v.array(SmartAccountNetworkSchema), options.smartAccounts ?? []),
    social: createSocialClients(options.socials ?? {}),
    farcaster: options.farcaster && {
      relay: createFarcasterRelay(options.farcaster.relayUrl ?? FARCASTER_RELAY),
      chain: createFarcasterChain(options.farcaster),
      domain: options.farcaster.domain,
    },
    clientAddress: { header: options.clientAddressHeader?.toLowerCase() ?? 'x-forwarded-for', trusted: trustedProxiesOf(options) },
    now: options.now ?? (() => new Date()),
  }
  const app = createFrameApp(context)
  let server: ServerType | undefined
  try {
    await new Promise<void>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve())
      server.once('error', reject)
    })
  } catch (error) {
    mailer.close()
    await opened?.close()
    throw error
  }
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  context.publicUrl = (options.publicUrl ?? url).replace(/\/$/, '')
  const pruning = setInterval(() => {
    pruneExpired(db, context.limits, context.now()).catch((error: unknown) => console.error('frame server: prune failed:', safeErrorText(error)))
  }, PRUNE_EVERY_MS).unref()
  return {
    url,
    async close() {
      clearInterval(pruning)
      await new Promise<void>((resolve) => {
        server!.close(() => resolve())
        // Long-polls and keep-alive sockets would hold close() open.
        if ('closeAllConnections' in server!) server!.closeAllConnections()
      })
      mailer.close()
      await opened?.close()
    },
  }
}
