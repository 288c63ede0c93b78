import type { TrustedProxies } from '../common/clientAddress.ts'
import type { Database } from '../db/index.ts'
import type { Mailer } from './mail.ts'
import type { Project } from './projects.ts'
import type { FrameLimits } from './options.ts'
import type { SmartAccountNetwork } from './page/config.ts'
import type { Secrets } from './secrets.ts'
import type { FarcasterChain } from './social/farcaster.ts'
import type { FarcasterRelay } from './social/farcasterRelay.ts'
import type { SocialClients } from './social/providers.ts'

/** What every route works with. Nothing here holds visitor state: all of that is in the database. */
export interface FrameContext {
  readonly db: Database
  readonly secrets: Secrets
  readonly limits: FrameLimits
  /** The projects served, by id: name, allowed host origins, registered return URLs. */
  readonly projects: ReadonlyMap<string, Project>
  /** The server's public origin, for links in mails. */
  readonly publicUrl: string
  readonly mailer: Mailer
  readonly pageDir: string
  /** The networks where the embedded wallet has a smart account, with their bundler and paymaster (the page's config). */
  readonly smartAccounts: readonly SmartAccountNetwork[]
  /** The configured social providers' OAuth clients. */
  readonly social: SocialClients
  /** Farcaster login, when configured: the relay, the IdRegistry's chain, and the domain messages are signed for. */
  readonly farcaster: { readonly relay: FarcasterRelay; readonly chain: FarcasterChain; readonly domain: string | undefined } | undefined
  /** Where the visitor's address comes from behind reverse proxies: the header they append to, and which hops are trusted. */
  readonly clientAddress: { readonly header: string; readonly trusted: TrustedProxies }
  now(): Date
}

/** The access token's claims, once verified against the database. */
export interface SessionClaims {
  userId: string
  sessionId: string
  deviceId: string
  recovery: boolean
  projectId: string
}

export type FrameEnv = { Variables: { session: SessionClaims } }
