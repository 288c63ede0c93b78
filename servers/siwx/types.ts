import type { RpcUrls } from '../common/agreeingNodes.ts'
import type { Database, DatabaseLocation } from '../db/index.ts'

export interface SiwxServerOptions {
  /** A PGlite data folder, PGlite in memory, a Postgres URL, or an opened database shared with other servers (not closed by close()). */
  database: DatabaseLocation | { db: Database }
  /** The message domains accepted (host[:port], as the browser's location.host gives it). */
  domains: readonly string[]
  /**
   * The origins of the app's pages (exact `scheme://host[:port]`, no wildcard): a message's uri
   * must be on one, and every POST to handle() must carry one as its Origin header. Default:
   * https:// of each domain, and http:// too for a loopback domain (localhost, 127.0.0.1, [::1]).
   */
  uris?: readonly string[]
  /**
   * CAIP-2 eip155 chain -> JSON-RPC URL, or two URLs of two providers. Only these EVM chains are
   * accepted; contract wallets (ERC-1271, ERC-6492) are checked there, and with two URLs both
   * nodes must answer and find the signature valid (one node that lies cannot sign anyone in).
   * An EOA's signature is checked by ecrecover, on no node.
   */
  rpcUrls: Readonly<Record<string, RpcUrls>>
  /** The Solana chains accepted (CAIP-2). Default: mainnet, devnet and testnet. */
  solanaChains?: readonly string[]
  /** How long a nonce may wait for its signed message. Default 300. */
  nonceTtlSeconds?: number
  /** How long a session lasts (never past the message's expirationTime). Default 7 days. */
  sessionTtlSeconds?: number
  /** How far ahead of this server's clock a wallet's issuedAt may be. Default 60. */
  clockSkewSeconds?: number
  /**
   * The session cookie (HttpOnly, SameSite=Lax, Path=/) and the nonce cookie beside it (its name
   * + `_nonce`, SameSite=Strict). `secure` defaults to true: the cookies are Secure and their
   * names get the `__Host-` prefix (browsers keep secure cookies of http://localhost too); false
   * for an app served on plain http, where both go without.
   */
  cookie?: { name?: string; secure?: boolean }
  /**
   * Nonces handed out per client address and in all, each per fixed window, counted across
   * instances in the database; past either, nonce() throws SiwxLimitError and GET {base}/nonce
   * answers 429. Default: 30 per address per 10 minutes, 6000 in all per minute.
   */
  nonceLimits?: { perAddress?: { max: number; windowSeconds: number }; total?: { max: number; windowSeconds: number } }
  /**
   * The reverse proxies in front of the app, for the limit per address: how many (a TLS proxy
   * alone is 1, a CDN in front of it 2) or their networks (`['10.1.0.0/16']`). The client is the
   * first hop from the right of `clientAddressHeader` (default x-forwarded-for) that is not one
   * of them. Default 0: the socket's address handle() is given.
   */
  trustedProxies?: number | readonly string[]
  clientAddressHeader?: string
  now?: () => Date
}

/** Why a sign-in was refused. */
export type SiwxRefusal =
  | 'MALFORMED'
  | 'TAMPERED'
  | 'WRONG_DOMAIN'
  | 'WRONG_URI'
  | 'WRONG_CHAIN'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'NONCE_UNKNOWN'
  /** The nonce was not handed out with this browser's nonce cookie (login CSRF: another browser's nonce). */
  | 'NONCE_UNBOUND'
  | 'NONCE_REPLAYED'
  | 'BAD_SIGNATURE'
  | 'UNSUPPORTED_CHAIN'
  /** The chain's two RPC nodes gave different verdicts on a contract wallet's signature. */
  | 'NODES_DISAGREE'

export interface Refused {
  ok: false
  reason: SiwxRefusal
  /** One sentence for logs and developers; not meant for the visitor. */
  detail: string
}

export const refuse = (reason: SiwxRefusal, detail: string): Refused => ({ ok: false, reason, detail })

export interface SiwxSession {
  id: string
  address: string
  chainId: string
  domain: string
  issuedAt: string
  expiresAt: string
}

export type SiwxVerifyResult = { ok: true; session: SiwxSession; setCookie: string } | Refused

export interface SiwxServer {
  /**
   * A new single-use nonce, valid for nonceTtlSeconds, and the nonce cookie that binds it to the
   * browser it is handed to. With the client's address (as rateLimitKey groups it), the limit per
   * address applies too; past a limit it throws SiwxLimitError.
   */
  nonce(clientAddress?: string): Promise<{ nonce: string; setCookie: string }>
  /**
   * Checks a signed message whose nonce the Cookie header's nonce cookie stands for; spends the
   * nonce whatever the outcome (unless the chain's node did not answer); on success stores the
   * session and gives the cookie to set.
   */
  verify(input: { message: string; signature: string }, cookieHeader: string | null): Promise<SiwxVerifyResult>
  /** The live session the request's Cookie header names, or null. */
  session(cookieHeader: string | null): Promise<SiwxSession | null>
  /** Ends the session the Cookie header names (if any) and gives the cookie that clears it. */
  signOut(cookieHeader: string | null): Promise<{ setCookie: string }>
  /**
   * Answers GET {base}/nonce, POST {base}/verify, GET {base}/session and POST {base}/signout
   * (base defaults to '/siwx'); undefined for any other path, so the app's own routes go on.
   * A POST must come from one of `uris` (its Origin header) with an application/json body (403
   * and 415 otherwise); a nonce is not handed to another site's request.
   * `remoteAddress` is the socket's peer (node:http's req.socket.remoteAddress, Hono's
   * getConnInfo): nonces are limited per client address read from it and trustedProxies.
   */
  handle(request: Request, base?: string, remoteAddress?: string): Promise<Response | undefined>
  close(): Promise<void>
}

/** Thrown by verify() when the chain's RPC cannot be reached: no answer on the signature, so no refusal either. */
export class SiwxUnavailableError extends Error {
  override name = 'SiwxUnavailableError'
}

/** Thrown by nonce() past a limit: too many nonces from one client address, or in all. */
export class SiwxLimitError extends Error {
  override name = 'SiwxLimitError'
  constructor(
    message: string,
    /** When the window that refused ends. */
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}
