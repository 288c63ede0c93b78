import type { Database, DatabaseLocation } from '../db/index.ts'
import type { SmartAccountNetwork } from './page/config.ts'
import type { FarcasterOptions } from './social/farcaster.ts'
import type { ProjectOptions } from './projects.ts'
import type { SocialOptions } from './social/providers.ts'

/** At most `max` requests in each fixed window of `windowSeconds`. */
export interface WindowLimit {
  max: number
  windowSeconds: number
}

/** The frame server's figures; each has a default and may be overridden (tests use small ones). */
export interface FrameLimits {
  /** A second code request for an email within this time is refused ('Please try again after N seconds'). */
  cooldownSeconds: number
  /** How long a mailed code is valid. */
  codeTtlSeconds: number
  /** The wrong try that reaches this count voids the code. */
  maxCodeAttempts: number
  /** Code requests (and approval links) per email per window, counted across instances. */
  perEmail: WindowLimit
  /** Code requests per client address per window, counted across instances. */
  perAddress: WindowLimit
  /** Logins started (email, social, Farcaster: each POST .../start) per client address per window, counted across instances. */
  startsPerAddress: WindowLimit
  /** Logins started per project per window, counted across instances: one project's flood cannot use up the server. */
  startsPerProject: WindowLimit
  /** Long-polls (POST /v1/device/wait, /v1/farcaster/connect) held at once per client address, on each instance. */
  waitsPerAddress: number
  /** Long-polls held at once per project, on each instance. */
  waitsPerProject: number
  /** How long a mailed device approval link is valid. */
  deviceLinkTtlSeconds: number
  /** How long POST /v1/device/wait holds a request before answering { approved: false }. */
  deviceWaitSeconds: number
  /** How long POST /v1/farcaster/connect waits for the visitor's Farcaster app before answering { completed: false }. */
  farcasterWaitSeconds: number
  accessTokenSeconds: number
  /** A refresh token unused this long expires; each use starts a new one (the window slides)... */
  refreshTokenSeconds: number
  /** ...but never past this long after the login: then refresh fails and the visitor signs in again. */
  sessionLifetimeSeconds: number
  /**
   * A device new to an account gets the server's key shares once an existing device approves
   * it, or after this long (announced at once by mail, with a link that refuses it).
   */
  deviceConsentDelaySeconds: number
  /** How long a passkey challenge (sign-up, login, adding one) may be answered; it is spent by its first answer. */
  passkeyChallengeSeconds: number
}

export const DEFAULT_LIMITS: FrameLimits = {
  cooldownSeconds: 30,
  codeTtlSeconds: 10 * 60,
  maxCodeAttempts: 5,
  perEmail: { max: 10, windowSeconds: 60 * 60 },
  perAddress: { max: 30, windowSeconds: 60 * 60 },
  startsPerAddress: { max: 60, windowSeconds: 60 * 60 },
  startsPerProject: { max: 600, windowSeconds: 60 },
  waitsPerAddress: 4,
  waitsPerProject: 500,
  deviceLinkTtlSeconds: 15 * 60,
  deviceWaitSeconds: 20,
  farcasterWaitSeconds: 20,
  accessTokenSeconds: 10 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  sessionLifetimeSeconds: 90 * 24 * 60 * 60,
  deviceConsentDelaySeconds: 48 * 60 * 60,
  passkeyChallengeSeconds: 5 * 60,
}

export interface FrameServerOptions {
  /** 0 (default) picks a free port; the server listens on 127.0.0.1 only. */
  port?: number
  /** A PGlite data folder, PGlite in memory, a Postgres URL, or an opened database shared with other servers (not closed by close()). */
  database: DatabaseLocation | { db: Database }
  /** The origin visitors reach the server at (approval links point there). Default: http://127.0.0.1:PORT. */
  publicUrl?: string
  /** Where mail goes, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@mail.example.com. */
  smtpUrl: string
  /** The From header of every mail, e.g. 'Portico <login@example.com>'. */
  mailFrom: string
  /**
   * The key-encryption keys, kept outside the database: 32 random bytes in base64, or several
   * as `id:base64` separated by commas, newest first (the newest seals, every one opens what
   * names it; a bare key is the id `0`, which also opens blobs sealed before keys had ids).
   */
  keyEncryptionKey: string
  /** At least 32 characters: signs session tokens and keys the stored hashes. */
  sessionSecret: string
  /**
   * The projects served, by id: either the allowed host origins (`{ demo: ['http://127.0.0.1:5173'] }`)
   * or `{ name, origins, returnUrls }` (the name mails and pages show; the exact URLs a
   * redirect-flow social login may return to). Every entry must be exact, or start fails.
   */
  projects: Record<string, readonly string[] | ProjectOptions>
  limits?: Partial<FrameLimits>
  /**
   * The reverse proxies in front of the server, for limits per client address: how many (a TLS
   * proxy alone is 1, a CDN in front of it 2), or their addresses and networks
   * (`['10.1.0.0/16', '2001:db8::/32']`). The client is the first hop from the right of the
   * forwarded-for chain that is not one of them: a client cannot pick its own address by
   * writing the header. Default: none (0), the socket's address; 1 if only
   * `clientAddressHeader` is set. Never more than there are: the client would then pick.
   */
  trustedProxies?: number | readonly string[]
  /** The header the proxies append the visitor's address to. Default: x-forwarded-for. */
  clientAddressHeader?: string
  /**
   * Social login: per provider (google, github, apple, facebook, x, discord) its client id and
   * secret, and an issuer or OAuth endpoints where they differ from the provider's own. The
   * callback URL to register with each is PUBLIC_URL/v1/social/callback.
   */
  socials?: SocialOptions
  /**
   * Farcaster login: the auth relay, and the RPC URL of OP Mainnet where the IdRegistry gives
   * each fid's custody address. Without it, Farcaster login is refused.
   */
  farcaster?: FarcasterOptions
  /**
   * The networks where the embedded wallet has a smart account (ERC-4337, EntryPoint v0.7, a
   * SimpleAccount owned by the visitor's key): each with its bundler and, to sponsor gas, its
   * ERC-7677 paymaster service, e.g. `[{ caipNetworkId: 'eip155:8453', bundlerUrl, paymasterUrl }]`.
   * The frame uses no other bundler; elsewhere the account is the key's own address (eoa).
   */
  smartAccounts?: readonly SmartAccountNetwork[]
  /** The built frame page (frame.js, frame.css, chunks/). Default: servers/frame/page/dist. */
  pageDir?: string
  /** The server's clock; tests move it to pass a cooldown or an expiry. Default: the system clock. */
  now?: () => Date
}
