import * as v from 'valibot'
import { SiwxMessageError, SiwxMessageErrorText, parseSiwxMessage } from '../../protocol/siwx/index.ts'
import { type RpcUrls, secondOpinionProblem } from '../common/agreeingNodes.ts'
import { NO_PROXIES, type TrustedProxies, clientAddress, parseTrustedProxies, rateLimitKey } from '../common/clientAddress.ts'
import { type Database, openDatabase } from '../db/index.ts'
import { checkMessage, uriOrigin } from './checks.ts'
import { clearingCookie, cookieSettings, newToken, nonceCookie, nonceOf, readToken, sessionCookie, tokenHash } from './cookie.ts'
import { handleSiwx } from './handler.ts'
import { signatureCheck } from './signature.ts'
import { countNonce } from './limits.ts'
import { createSession, findSession, issueNonce, pruneExpired, restoreNonce, revokeSession, spendNonce } from './store.ts'
import { type SiwxServer, type SiwxServerOptions, SiwxUnavailableError, type SiwxVerifyResult, refuse } from './types.ts'

const SOLANA_CHAINS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', // mainnet
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', // devnet
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', // testnet
]

const Url = v.pipe(v.string(), v.url())
const Seconds = v.pipe(v.number(), v.integer(), v.minValue(1))
const WindowSchema = v.object({ max: v.pipe(v.number(), v.integer(), v.minValue(1)), windowSeconds: Seconds })
// The integrator's options, checked once at start: a typo here would otherwise refuse every sign-in.
const OptionsSchema = v.object({
  domains: v.pipe(v.array(v.pipe(v.string(), v.regex(/^[^\s/?#@*]+$/, 'must be host[:port], without a wildcard'))), v.minLength(1, 'must name at least one domain')),
  uris: v.optional(v.array(v.string())),
  rpcUrls: v.record(
    v.pipe(v.string(), v.regex(/^eip155:[1-9]\d*$/, 'keys must be eip155 CAIP-2 ids')),
    v.pipe(
      v.union([Url, v.strictTuple([Url]), v.strictTuple([Url, Url])], 'must be a URL or a list of two'),
      v.check(
        (urls) => secondOpinionProblem(urls) === undefined,
        (issue) => secondOpinionProblem(issue.input as RpcUrls)!,
      ),
    ),
  ),
  solanaChains: v.optional(v.array(v.pipe(v.string(), v.regex(/^solana:[-_a-zA-Z0-9]{1,32}$/, 'must be solana CAIP-2 ids')))),
  nonceTtlSeconds: v.optional(Seconds),
  sessionTtlSeconds: v.optional(Seconds),
  clockSkewSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  cookie: v.optional(
    v.object({
      name: v.optional(
        v.pipe(
          v.string(),
          v.regex(/^[A-Za-z0-9_-]+$/),
          v.check((name) => !name.startsWith('__'), 'must not start with __ (the server adds __Host- itself)'),
        ),
      ),
      secure: v.optional(v.boolean()),
    }),
  ),
  nonceLimits: v.optional(v.object({ perAddress: v.optional(WindowSchema), total: v.optional(WindowSchema) })),
  trustedProxies: v.optional(
    v.union([
      v.pipe(v.number(), v.integer(), v.minValue(0)),
      v.pipe(
        v.array(v.string()),
        v.check((list) => checksOut(() => parseTrustedProxies(list.join(','))), 'must be addresses or networks like 10.1.0.0/16'),
      ),
    ]),
  ),
  clientAddressHeader: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'))),
})

const checksOut = (run: () => unknown) => {
  try {
    run()
    return true
  } catch {
    return false
  }
}

/** How often an instance prunes, at most: on a nonce request, once this long has passed since the last. */
const PRUNE_EVERY_MS = 60_000

/** What verify() takes, from a request body or the app's own code. Contract-wallet signatures (ERC-6492) carry deploy data: they may be long. */
const VerifyInputSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(8_000, 'is longer than 8000 characters')),
  signature: v.pipe(v.string(), v.maxLength(40_000, 'is longer than 40000 characters')),
})

const REFUSED_TEXT: Record<string, 'MALFORMED' | 'TAMPERED'> = {
  [SiwxMessageErrorText.INVALID_TEXT]: 'MALFORMED',
  [SiwxMessageErrorText.INVALID_FIELDS]: 'MALFORMED',
  [SiwxMessageErrorText.ALTERED_TEXT]: 'TAMPERED',
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origins of the app's pages: the configured ones, each exactly an origin; by default
 * https:// of each domain, and http:// as well for a loopback one (no network between the
 * browser and the app there, and the demo and tests run on http://127.0.0.1).
 */
function pageOrigins(uris: readonly string[] | undefined, domains: readonly string[]): Set<string> {
  if (uris === undefined) {
    return new Set(
      domains.flatMap((domain) => {
        const origin = uriOrigin(`http://${domain}`)
        if (origin === undefined) throw new Error(`createSiwxServer: domains entry "${domain}" is not host[:port]`)
        return LOOPBACK.has(new URL(origin).hostname) ? [`https://${domain}`, origin] : [`https://${domain}`]
      }),
    )
  }
  for (const uri of uris) {
    const origin = uriOrigin(uri)
    if (origin === undefined || origin !== uri.toLowerCase() || !/^https?:\/\//.test(origin) || uri.includes('*')) {
      throw new Error(`createSiwxServer: uris entry "${uri}" is not an exact origin (scheme://host[:port], http or https, without a wildcard, path or trailing slash)`)
    }
  }
  return new Set(uris.map((uri) => uri.toLowerCase()))
}

/**
 * Sign-in with a wallet for a Node backend: single-use nonces, the check of a signed message
 * (domain, uri, chain, times, nonce, signature) and sessions in an httpOnly cookie, all
 * stored in Postgres (PGlite or a server) through servers/db.
 *
 * @example
 * const siwx = await createSiwxServer({ database: { dataDir: '.data' }, domains: ['app.example.com'],
 *   rpcUrls: { 'eip155:1': 'https://eth.example/rpc' } })
 * // in any fetch-style router: return (await siwx.handle(request)) ?? next()
 */
export async function createSiwxServer(options: SiwxServerOptions): Promise<SiwxServer> {
  const checked = v.safeParse(OptionsSchema, options)
  if (!checked.success) {
    const issue = checked.issues[0]
    throw new Error(`createSiwxServer: ${v.getDotPath(issue) ?? 'options'} ${issue.message}`)
  }
  const now = options.now ?? (() => new Date())
  const nonceTtlMs = (options.nonceTtlSeconds ?? 300) * 1000
  const sessionTtlMs = (options.sessionTtlSeconds ?? 7 * 24 * 60 * 60) * 1000
  const domains = options.domains.map((domain) => domain.toLowerCase())
  const rules = {
    domains: new Set(domains),
    uriOrigins: pageOrigins(options.uris, domains),
    evmChains: new Set(Object.keys(options.rpcUrls)),
    solanaChains: new Set(options.solanaChains ?? SOLANA_CHAINS),
    nonceTtlMs,
    clockSkewMs: (options.clockSkewSeconds ?? 60) * 1000,
  }
  const cookie = cookieSettings(options.cookie?.name ?? 'portico_siwx', options.cookie?.secure ?? true)
  const checkSignature = signatureCheck(options.rpcUrls)
  const nonceLimits = {
    perAddress: options.nonceLimits?.perAddress ?? { max: 30, windowSeconds: 10 * 60 },
    total: options.nonceLimits?.total ?? { max: 6000, windowSeconds: 60 },
  }
  const trusted: TrustedProxies =
    options.trustedProxies === undefined
      ? NO_PROXIES
      : typeof options.trustedProxies === 'number'
        ? { hops: options.trustedProxies }
        : parseTrustedProxies(options.trustedProxies.join(','))
  const addressHeader = options.clientAddressHeader ?? 'x-forwarded-for'
  let prunedAt = -Infinity
  const opened = 'db' in options.database ? undefined : await openDatabase(options.database)
  const db: Database = opened?.db ?? (options.database as { db: Database }).db

  async function verify(body: { message: string; signature: string }, cookieHeader: string | null): Promise<SiwxVerifyResult> {
    const parsed = v.safeParse(VerifyInputSchema, body)
    if (!parsed.success) return refuse('MALFORMED', `${v.getDotPath(parsed.issues[0]) ?? 'the input'}: ${parsed.issues[0].message}`)
    const input = parsed.output
    let message
    try {
      message = parseSiwxMessage(input.message)
    } catch (error) {
      if (!(error instanceof SiwxMessageError)) throw error
      return refuse(REFUSED_TEXT[error.shortMessage] ?? 'MALFORMED', error.details ?? error.shortMessage)
    }
    // Another browser's nonce (a sign-in an attacker prepared, posted from the visitor's browser) is refused unspent.
    const nonceToken = readToken(cookieHeader, cookie.nonce)
    if (nonceToken === undefined || nonceOf(nonceToken) !== message.nonce) {
      return refuse('NONCE_UNBOUND', `the nonce was not handed out with this browser's ${cookie.nonce} cookie`)
    }
    const at = now()
    const spent = await spendNonce(db, message.nonce, at)
    if (spent === 'unknown') return refuse('NONCE_UNKNOWN', 'this server did not hand out the nonce')
    if (spent === 'replayed') return refuse('NONCE_REPLAYED', 'the nonce was already used for a sign-in')
    if (spent === 'expired') return refuse('EXPIRED', 'the nonce expired before the message came')
    const refused = checkMessage(message, rules, at)
    if (refused) return refused
    let badSignature
    try {
      badSignature = await checkSignature(message, input.message, input.signature, at)
    } catch (error) {
      // No verdict: the same message may try again once the node answers.
      if (error instanceof SiwxUnavailableError) await restoreNonce(db, message.nonce, at)
      throw error
    }
    if (badSignature) return badSignature
    // The session ends with the message, if the message ends first.
    const ends = Math.min(at.getTime() + sessionTtlMs, message.expirationTime ? Date.parse(message.expirationTime) : Infinity)
    const token = newToken()
    const session = await createSession(
      db,
      {
        tokenHash: tokenHash(token),
        address: message.accountAddress,
        chainId: message.chainId,
        domain: message.domain,
        message: input.message,
        signature: input.signature,
        issuedAt: new Date(message.issuedAt),
        expiresAt: new Date(ends),
      },
      at,
    )
    return { ok: true, session, setCookie: sessionCookie(cookie, token, Math.floor((ends - at.getTime()) / 1000)) }
  }

  const server: SiwxServer = {
    async nonce(clientAddress) {
      const at = now()
      if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at.getTime()
        const longestWindowSeconds = Math.max(nonceLimits.perAddress.windowSeconds, nonceLimits.total.windowSeconds)
        await pruneExpired(db, at, { nonceTtlMs, longestWindowSeconds })
      }
      if (clientAddress !== undefined) await countNonce(db, `address:${clientAddress}`, nonceLimits.perAddress, at, 'Too many sign-ins were started from this network address')
      await countNonce(db, 'total', nonceLimits.total, at, 'Too many sign-ins were started; try again shortly')
      const token = newToken()
      await issueNonce(db, nonceOf(token), at, nonceTtlMs)
      return { nonce: nonceOf(token), setCookie: nonceCookie(cookie, token, nonceTtlMs / 1000) }
    },
    verify,
    async session(cookieHeader) {
      const token = readToken(cookieHeader, cookie.session)
      return (token && (await findSession(db, tokenHash(token), now()))) || null
    },
    async signOut(cookieHeader) {
      const token = readToken(cookieHeader, cookie.session)
      if (token) await revokeSession(db, tokenHash(token), now())
      return { setCookie: clearingCookie(cookie) }
    },
    handle(request, base = '/siwx', remoteAddress) {
      const address = clientAddress({ socket: remoteAddress, forwardedFor: request.headers.get(addressHeader) ?? undefined, trusted })
      return handleSiwx(server, request, base, rules.uriOrigins, address === undefined ? undefined : rateLimitKey(address))
    },
    close: async () => {
      await opened?.close()
    },
  }
  return server
}
