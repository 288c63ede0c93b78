// The embedded wallet's side of the demo's local stack: the secure frame server on its own
// origin (a second port), the SMTP sink with its mailbox page where the demo's login
// mails land, the local OpenID provider every social login goes to (demo/peers/oidc.ts), and the
// local Farcaster auth relay (demo/peers/farcasterRelay.ts). `npm start` bundles this file (Node 20 does not run TypeScript); the browser
// tests import it directly.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Metafile } from 'esbuild'
import * as v from 'valibot'
import { buildFramePage } from '../../servers/frame/page/build.ts'
import { type FrameServer, startFrameServer } from '../../servers/frame/server.ts'
import type { FrameServerOptions } from '../../servers/frame/options.ts'
import { type Mailbox, startMailbox } from '../../servers/mailbox/mailbox.ts'
import { type LocalFarcasterRelay, startFarcasterRelay } from './farcasterRelay.ts'
import { type LocalOidcProvider, type TestUser, startOidcProvider } from './oidc.ts'

/** The custody key of the demo's dev Farcaster account (a made-up key; never for real funds). */
const DEV_FARCASTER_KEY = '0x4b1d0e8c4a47a3c3f2e1d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6'

/** The demo's project id (demo/config.ts). */
export const DEMO_PROJECT_ID = 'portico-demo'
/** Ports of `npm start`; demo/config.ts points `endpoints.frame` at the first. */
export const DEMO_PORTS = { frame: 8700, mailbox: 8701, smtp: 2525, oidc: 8703, farcasterRelay: 8704 } as const

export interface EmbeddedStackOptions {
  /** Origins of the demo page the frame answers. */
  readonly hostOrigins: readonly string[]
  /** The exact demo page addresses a redirect-flow social login may come back to (?social=redirect). */
  readonly returnUrls?: readonly string[]
  /** Where PGlite keeps the frame's data, and the demo's secrets beside it; omitted: PGlite in memory. */
  readonly dataDir?: string
  /** A Postgres server instead of PGlite. */
  readonly databaseUrl?: string
  /** Mail goes there instead of to the stack's own sink (no mailbox page then). */
  readonly smtpUrl?: string
  readonly ports?: { readonly frame?: number; readonly mailbox?: number; readonly smtp?: number; readonly oidc?: number; readonly farcasterRelay?: number }
  /**
   * Farcaster login: the RPC URL of the Hardhat node the IdRegistry stand-in is on
   * (demo/peers/idRegistry.mjs); a local auth relay is started. Omitted: no Farcaster login.
   */
  readonly farcasterRpcUrl?: string
  /** The users the local OpenID provider's login page offers (default: DEMO_OIDC_USERS). */
  readonly oidcUsers?: readonly TestUser[]
  readonly limits?: FrameServerOptions['limits']
  /** The networks where the embedded wallet has a smart account, with their bundler and paymaster (`npm start`: both Hardhat chains). */
  readonly smartAccounts?: FrameServerOptions['smartAccounts']
  /**
   * Where the frame page is built and served from, removed on close; omitted: the frame
   * server's own servers/frame/page/dist, as `npm start` has it. Browser test files each give
   * one: a build empties its directory first, so one file's stack would pull the page from
   * under another's running beside it.
   */
  readonly pageDir?: string
}

export interface EmbeddedStack {
  /** The frame server's origin: `endpoints.frame`. */
  readonly frameUrl: string
  /** The mailbox page and its API (GET /api/messages?to=); undefined with an outside SMTP server. */
  readonly mailboxUrl: string | undefined
  readonly frame: FrameServer
  /**
   * The local OpenID provider behind every social login; only with a fixed frame port (its
   * callback is registered before the frame server starts).
   */
  readonly oidc: LocalOidcProvider | undefined
  /** The local Farcaster auth relay, with farcasterRpcUrl. */
  readonly farcasterRelay: LocalFarcasterRelay | undefined
  /** The esbuild metafile of the frame page it serves (the bench weighs it). */
  readonly framePageMeta: Metafile
  close(): Promise<void>
}

const Secrets = v.object({ keyEncryptionKey: v.pipe(v.string(), v.base64()), sessionSecret: v.pipe(v.string(), v.minLength(32)) })

/** The local ERC-4337 stack `npm start` runs (demo/start.mjs): an Alto bundler per Hardhat node, one paymaster service for both. */
export const DEMO_SMART_ACCOUNTS: NonNullable<FrameServerOptions['smartAccounts']> = [
  { caipNetworkId: 'eip155:31337', bundlerUrl: 'http://127.0.0.1:8711/rpc', paymasterUrl: 'http://127.0.0.1:8713' },
  { caipNetworkId: 'eip155:31338', bundlerUrl: 'http://127.0.0.1:8712/rpc', paymasterUrl: 'http://127.0.0.1:8713' },
]

/**
 * The demo's key-encryption key and session secret: made on the first start and kept beside
 * its data (owner-only), so sessions and sealed shares survive a restart. Without a data
 * folder they live as long as the process.
 */
function demoSecrets(dataDir: string | undefined): v.InferOutput<typeof Secrets> {
  const fresh = () => ({ keyEncryptionKey: randomBytes(32).toString('base64'), sessionSecret: randomBytes(32).toString('base64url') })
  if (!dataDir) return fresh()
  const file = join(dataDir, 'demo-secrets.json')
  if (existsSync(file)) {
    const stored = v.safeParse(Secrets, JSON.parse(readFileSync(file, 'utf8')))
    if (stored.success) return stored.output
    throw new Error(`${file} is not the demo's secrets file; delete it to make new ones (the frame's stored shares then become unreadable)`)
  }
  const secrets = fresh()
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}

export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const secrets = demoSecrets(options.dataDir)
  const [mailbox, framePageMeta] = await Promise.all([
    options.smtpUrl ? undefined : startMailbox({ smtpPort: options.ports?.smtp ?? 0, httpPort: options.ports?.mailbox ?? 0 }),
    buildFramePage(options.pageDir ? { outdir: options.pageDir } : {}),
  ])
  const removePage = async () => options.pageDir && (await rm(options.pageDir, { recursive: true, force: true }))
  let frame: FrameServer
  let oidc: LocalOidcProvider | undefined
  let farcasterRelay: LocalFarcasterRelay | undefined
  try {
    if (options.farcasterRpcUrl) {
      farcasterRelay = await startFarcasterRelay({
        port: options.ports?.farcasterRelay ?? 0,
        devAccount: { rpcUrl: options.farcasterRpcUrl, custodyKey: DEV_FARCASTER_KEY, username: 'dev' },
      })
    }
    const framePort = options.ports?.frame ?? 0
    if (framePort !== 0) {
      oidc = await startOidcProvider({
        callbackUrl: `http://127.0.0.1:${framePort}/v1/social/callback`,
        port: options.ports?.oidc ?? 0,
        users: options.oidcUsers,
      })
    }
    if (options.dataDir) mkdirSync(join(options.dataDir, 'frame'), { recursive: true })
    frame = await startFrameServer({
      port: options.ports?.frame ?? 0,
      database: options.databaseUrl ? { url: options.databaseUrl } : options.dataDir ? { dataDir: join(options.dataDir, 'frame') } : { memory: true },
      smtpUrl: options.smtpUrl ?? (mailbox as Mailbox).smtpUrl,
      mailFrom: 'Portico demo <login@portico.localhost>',
      ...secrets,
      projects: { [DEMO_PROJECT_ID]: { origins: options.hostOrigins, returnUrls: options.returnUrls } },
      limits: options.limits,
      socials: oidc?.socials,
      farcaster: farcasterRelay && { relayUrl: farcasterRelay.url, rpcUrl: options.farcasterRpcUrl! },
      pageDir: options.pageDir,
      smartAccounts: options.smartAccounts,
    })
  } catch (error) {
    await farcasterRelay?.close()
    await oidc?.close()
    await mailbox?.close()
    await removePage()
    throw error
  }
  return {
    frameUrl: frame.url,
    mailboxUrl: mailbox?.url,
    frame,
    oidc,
    farcasterRelay,
    framePageMeta,
    async close() {
      await frame.close()
      await farcasterRelay?.close()
      await oidc?.close()
      await mailbox?.close()
      await removePage()
    },
  }
}
