import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenedDatabase, openDatabase, siwxTables } from '../db/index.ts'
import { type SiwxServer, type SiwxServerOptions, SiwxLimitError, createSiwxServer } from './index.ts'

// GET /siwx/nonce is open to anyone and writes a row: limited per client address and in all,
// counted in the database, so two instances share the counts.

let opened: OpenedDatabase
const servers: SiwxServer[] = []
beforeAll(async () => {
  opened = await openDatabase({ memory: true })
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await opened?.close()
})

let hour = 0
/** Two instances on one database, at the start of an hour of their own. */
async function pair(options: Partial<SiwxServerOptions>) {
  const at = new Date(Date.UTC(2030, 0, 1) + ++hour * 3600_000 + 1000)
  const make = () => createSiwxServer({ database: { db: opened.db }, domains: ['app.example.com'], rpcUrls: {}, now: () => at, ...options })
  const made = [await make(), await make()] as const
  servers.push(...made)
  return made
}

const nonce = async (server: SiwxServer, socket: string, forwardedFor?: string) => {
  const response = await server.handle(new Request('https://app.example.com/siwx/nonce', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }), '/siwx', socket)
  return { status: response!.status, retryAfter: response!.headers.get('retry-after'), body: (await response!.json()) as { nonce?: string; reason?: string; detail?: string } }
}

describe('GET /siwx/nonce limits', () => {
  it('2 nonces per client address per 10 minutes across instances, then 429 with Retry-After; another address has its own', async () => {
    const [a, b] = await pair({ nonceLimits: { perAddress: { max: 2, windowSeconds: 600 } } })
    expect((await nonce(a, '203.0.113.9')).status).toBe(200)
    expect((await nonce(b, '203.0.113.9')).status).toBe(200)
    const refused = await nonce(a, '203.0.113.9')
    expect(refused).toEqual({
      status: 429,
      retryAfter: '599',
      body: { reason: 'RATE_LIMITED', detail: 'Too many sign-ins were started from this network address' },
    })
    expect((await nonce(b, '203.0.113.10')).status).toBe(200)
  })

  it('counts an IPv6 client by its /64, and behind 1 trusted proxy the address the proxy appended, not one the client wrote', async () => {
    const [a] = await pair({ nonceLimits: { perAddress: { max: 1, windowSeconds: 600 } }, trustedProxies: 1 })
    expect((await nonce(a, '10.1.0.2', '6.6.6.6, 2001:db8:1:2::1')).status).toBe(200)
    expect((await nonce(a, '10.1.0.2', '7.7.7.7, 2001:db8:1:2::ffff')).status).toBe(429)
    expect((await nonce(a, '10.1.0.2', '2001:db8:1:3::1')).status).toBe(200)
  })

  it('3 nonces in all per minute, whatever the addresses; nonce() called by the app itself counts too', async () => {
    const [a, b] = await pair({ nonceLimits: { total: { max: 3, windowSeconds: 60 } } })
    expect((await nonce(a, '203.0.113.1')).status).toBe(200)
    expect((await nonce(b, '203.0.113.2')).status).toBe(200)
    await a.nonce()
    expect(await nonce(b, '203.0.113.3')).toMatchObject({ status: 429, retryAfter: '59', body: { detail: 'Too many sign-ins were started; try again shortly' } })
    await expect(a.nonce()).rejects.toBeInstanceOf(SiwxLimitError)
  })

  it('prunes, at the first nonce a minute or more after the last prune: nonces expired 300 s ago, sessions ended or revoked, finished windows', async () => {
    const { siwxNonces, siwxSessions, siwxRateLimits } = siwxTables
    let at = new Date(Date.UTC(2032, 0, 1))
    const server = await createSiwxServer({ database: { db: opened.db }, domains: ['app.example.com'], rpcUrls: {}, now: () => at })
    servers.push(server)
    const first = await server.nonce('203.0.113.9')
    const session = { address: '0xabc', chainId: 'eip155:1', domain: 'app.example.com', message: 'm', signature: 's', issuedAt: at, createdAt: at }
    await opened.db.insert(siwxSessions).values([
      { ...session, tokenHash: 'ends-in-a-minute', expiresAt: new Date(at.getTime() + 60_000) },
      { ...session, tokenHash: 'revoked', expiresAt: new Date(at.getTime() + 3600_000), revokedAt: at },
      { ...session, tokenHash: 'live', expiresAt: new Date(at.getTime() + 3600_000) },
    ])
    at = new Date(at.getTime() + 11 * 60_000)
    await server.nonce()
    const nonces = (await opened.db.select().from(siwxNonces)).map((row) => row.nonce)
    expect(nonces).not.toContain(first)
    const sessions = (await opened.db.select().from(siwxSessions)).map((row) => row.tokenHash)
    expect(sessions).toContain('live')
    expect(sessions).not.toContain('ends-in-a-minute')
    expect(sessions).not.toContain('revoked')
    // The 10-minute window of the first nonce's address ended more than 10 minutes ago.
    const windows = (await opened.db.select().from(siwxRateLimits)).map((row) => `${row.key}@${row.windowStart.toISOString()}`)
    expect(windows).not.toContain('address:203.0.113.9@2032-01-01T00:00:00.000Z')
  })

  it('refuses trustedProxies that are neither a count nor networks at start', async () => {
    await expect(createSiwxServer({ database: { db: opened.db }, domains: ['app.example.com'], rpcUrls: {}, trustedProxies: ['proxy.internal'] })).rejects.toThrow(/trustedProxies/)
  })
})
