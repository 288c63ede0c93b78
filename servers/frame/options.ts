import type { Database, DatabaseLocation } from '../db/index.ts'
import type { FarcasterOptions } from './social/farcaster.ts'
import type { ProjectOptions } from './projects.ts'
import type { SocialOptions } from './social/providers.ts'

/** The frame server's figures; each has a default and may be overridden (tests use small ones). */
export interface FrameLimits {
  /** A second code request for an email within this time is refused ('Please try again after N seconds'). */
  cooldownSeconds: number
  /** How long a mailed code is valid. */
  codeTtlSeconds: number
  /** The wrong try that reaches this count voids the code. */
  maxCodeAttempts: number
  /** Code requests (and approval links) per email per window, counted across instances. */
  perEmail: { max: number; windowSeconds: number }
  /** Code requests per client address per window, counted across instances. */
  perAddress: { max: number; windowSeconds: number }
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
}

export const DEFAULT_LIMITS: FrameLimits = {
  cooldownSeconds: 30,
  codeTtlSeconds: 10 * 60,
  maxCodeAttempts: 5,
  perEmail: { max: 10, windowSeconds: 60 * 60 },
  perAddress: { max: 30, windowSeconds: 60 * 60 },
  deviceLinkTtlSeconds: 15 * 60,
  deviceWaitSeconds: 20,
  farcasterWaitSeconds: 20,
  accessTokenSeconds: 10 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  sessionLifetimeSeconds: 90 * 24 * 60 * 60,
  deviceConsentDelaySeconds: 48 * 60 * 60,
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
  /** 32 random bytes, base64: seals the auth and recovery shares. Kept outside the database. */
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
   * Behind a reverse proxy: the header it sets to the visitor's address (x-forwarded-for,
   * x-real-ip). Rate limits per address use it; without it they use the socket's address,
   * which behind a proxy is the proxy's. Never set it when clients reach the server directly:
   * they could then pick their own address.
   */
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
  /** The built frame page (frame.js, frame.css, chunks/). Default: servers/frame/page/dist. */
  pageDir?: string
  /** The server's clock; tests move it to pass a cooldown or an expiry. Default: the system clock. */
  now?: () => Date
}
