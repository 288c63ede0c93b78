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
  /** CAIP-2 eip155 chain -> JSON-RPC URL. Only these EVM chains are accepted; contract wallets are checked there. */
  rpcUrls: Readonly<Record<string, string>>
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
  /** A new single-use nonce, valid for nonceTtlSeconds, and the nonce cookie that binds it to the browser it is handed to. */
  nonce(): Promise<{ nonce: string; setCookie: string }>
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
   */
  handle(request: Request, base?: string): Promise<Response | undefined>
  close(): Promise<void>
}

/** Thrown by verify() when the chain's RPC cannot be reached: no answer on the signature, so no refusal either. */
export class SiwxUnavailableError extends Error {
  override name = 'SiwxUnavailableError'
}
