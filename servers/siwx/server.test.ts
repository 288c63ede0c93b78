import { createHash, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { type Hex, createPublicClient, getAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type SiwxMessage, formatSiwxMessage } from '../../protocol/siwx/index.ts'
import { encodeBase58 } from '../../protocol/base58.ts'
import { counterfactualOwnedWallet, deployOwnedWallet, ownedWalletArtifacts } from '../../test/peers/contractWallet.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { type Postgres, startPostgres } from '../../test/peers/postgres.mjs'
import { type RpcFaultProxy, lie, startRpcFaultProxy } from '../../test/peers/rpcFaultProxy.ts'
import { type Database, openDatabase } from '../db/index.ts'
import { type SiwxServer, type SiwxServerOptions, SiwxUnavailableError, createSiwxServer } from './index.ts'
import { freePort } from '../../test/peers/freePort.ts'

// The sign-in server's rules against a real Hardhat node (EOA, ERC-1271 and ERC-6492 wallets)
// and ed25519 keys, each on PGlite and on a real PostgreSQL, two server instances sharing one
// database, with a clock the tests move.

const DOMAIN = 'app.example.com'
const CHAIN = 'eip155:31337'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const owner = privateKeyToAccount(HARDHAT_ACCOUNT_0.privateKey as Hex)
const stranger = privateKeyToAccount(HARDHAT_ACCOUNT_1.privateKey as Hex)
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = encodeBase58(ed25519.getPublicKey(solanaKey))
const solanaSign = (text: string, key = solanaKey) => encodeBase58(ed25519.sign(new TextEncoder().encode(text), key))

/**
 * The browser's side of a nonce: the nonce cookie /nonce sets, kept by the nonce it stands for,
 * and sent back with the message that names that nonce (as the browser that fetched it would).
 */
const nonceCookies = new Map<string, string>()
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!
async function nonceFrom(server: SiwxServer): Promise<string> {
  const { nonce, setCookie } = await server.nonce()
  nonceCookies.set(nonce, cookieOf(setCookie))
  return nonce
}
const cookieFor = (message: string) => nonceCookies.get(/\nNonce: (\S+)/.exec(message)?.[1] ?? '') ?? null
const verifyIn = (server: SiwxServer, input: { message: string; signature: string }) => server.verify(input, cookieFor(input.message))

let hardhat: HardhatNode
let rpcUrl: string
beforeAll(async () => {
  hardhat = await startHardhat({ port: await freePort() })
  rpcUrl = hardhat.url
}, 90_000)
afterAll(async () => {
  await hardhat?.stop()
})

interface Backend {
  name: string
  open(): Promise<{ database: { db: Database } | { url: string }; stop(): Promise<void> }>
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const opened = await openDatabase({ memory: true })
      return { database: { db: opened.db }, stop: () => opened.close() }
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const postgres: Postgres = await startPostgres()
      return { database: { url: postgres.url }, stop: () => postgres.stop() }
    },
  },
]

describe.each(backends)('siwx server on $name', (backend) => {
  let env: Awaited<ReturnType<Backend['open']>>
  let a: SiwxServer
  let b: SiwxServer
  const started: SiwxServer[] = []
  // The servers' clock stands still unless a test moves it.
  const startedAt = Date.now()
  let offsetMs = 0
  const now = () => new Date(startedAt + offsetMs)
  const advance = (seconds: number) => (offsetMs += seconds * 1000)
  const advanceMs = (ms: number) => (offsetMs += ms)

  const start = async (more: Partial<SiwxServerOptions> = {}) => {
    const server = await createSiwxServer({ database: env.database, domains: [DOMAIN], rpcUrls: { [CHAIN]: rpcUrl }, now, ...more })
    started.push(server)
    return server
  }

  beforeAll(async () => {
    env = await backend.open()
    a = await start()
    b = await start()
  }, 90_000)
  afterAll(async () => {
    await Promise.all(started.map((server) => server.close()))
    await env?.stop()
  })

  /** A message from server's nonce for the Hardhat owner on 31337, with the changes given. */
  const message = async (server: SiwxServer, change: Partial<SiwxMessage> = {}): Promise<string> =>
    formatSiwxMessage({
      domain: DOMAIN,
      accountAddress: owner.address,
      uri: `https://${DOMAIN}/login`,
      version: '1',
      chainId: CHAIN,
      nonce: await nonceFrom(server),
      issuedAt: now().toISOString(),
      ...change,
    })
  const signed = async (server: SiwxServer, change: Partial<SiwxMessage> = {}, signer = owner) => {
    const text = await message(server, change)
    return { message: text, signature: await signer.signMessage({ message: text }) }
  }
  const refusal = async (server: SiwxServer, input: { message: string; signature: string }) => {
    const result = await verifyIn(server, input)
    return result.ok ? 'OK' : result.reason
  }
  /** A request as the app's page at https://app.example.com sends it: a POST carries its Origin and JSON. */
  const call = (server: SiwxServer, method: string, path: string, init: { body?: string; cookie?: string } = {}) =>
    server.handle(
      new Request(`https://${DOMAIN}${path}`, {
        method,
        body: init.body,
        headers: {
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(method === 'POST' ? { origin: `https://${DOMAIN}`, 'content-type': 'application/json' } : {}),
        },
      }),
    )

  it('signs an EOA in over HTTP: nonce, verify, a cookie the session answers to, sign-out ends it (on the other instance too)', async () => {
    const nonceResponse = (await call(a, 'GET', '/siwx/nonce'))!
    expect(nonceResponse.status).toBe(200)
    const { nonce } = (await nonceResponse.json()) as { nonce: string }
    expect(nonce).toMatch(/^[a-f0-9]{32}$/)
    // The nonce goes with a first-party cookie only this browser holds, for the nonce's 300 s.
    const nonceSetCookie = nonceResponse.headers.get('set-cookie')!
    expect(nonceSetCookie).toMatch(/^__Host-portico_siwx_nonce=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict; Secure$/)
    const text = await message(a, { nonce, statement: 'Sign in to Example' })
    const body = JSON.stringify({ message: text, signature: await owner.signMessage({ message: text }) })
    const verified = (await call(b, 'POST', '/siwx/verify', { body, cookie: cookieOf(nonceSetCookie) }))!
    expect(verified.status).toBe(200)
    const setCookie = verified.headers.get('set-cookie')!
    expect(setCookie).toMatch(new RegExp(`^__Host-portico_siwx=[A-Za-z0-9_-]{43}; Max-Age=${7 * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax; Secure$`))
    const { session } = (await verified.json()) as { session: { id: string; address: string; chainId: string; domain: string } }
    expect(session).toMatchObject({ address: owner.address, chainId: CHAIN, domain: DOMAIN })

    const cookie = `theme=dark; ${cookieOf(setCookie)}`
    const asked = (await call(a, 'GET', '/siwx/session', { cookie }))!
    expect(((await asked.json()) as { session: unknown }).session).toEqual(session)
    expect(await b.session(cookie)).toEqual(session)
    expect(await a.session(null)).toBeNull()
    expect(await a.session(`__Host-portico_siwx=${'x'.repeat(43)}`)).toBeNull()
    // The same token under the bare name (what a sibling subdomain could set) is not the session's cookie.
    expect(await a.session(cookieOf(setCookie).replace('__Host-', ''))).toBeNull()

    const out = (await call(b, 'POST', '/siwx/signout', { cookie }))!
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toBe('__Host-portico_siwx=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure')
    expect(await a.session(cookie)).toBeNull()
    expect(((await (await call(a, 'GET', '/siwx/session', { cookie }))!.json()) as { session: unknown }).session).toBeNull()
  })

  it('refuses, each with its own reason', async () => {
    // Text edited after signing so that it is no longer the text of its own fields.
    const good = await signed(a)
    expect(await refusal(a, { ...good, message: good.message.replace(owner.address, owner.address.toLowerCase()) })).toBe('TAMPERED')
    // Without its nonce cookie, or with another nonce's, the nonce is not this browser's.
    expect(await a.verify(good, null)).toMatchObject({ ok: false, reason: 'NONCE_UNBOUND' })
    expect(await a.verify(good, nonceCookies.get(await nonceFrom(a))!)).toMatchObject({ ok: false, reason: 'NONCE_UNBOUND' })
    const extended = await signed(a)
    expect(await refusal(a, { ...extended, message: `${extended.message}\nResources:\n- https://evil.example/admin` })).toBe('BAD_SIGNATURE')
    // A failed try spends its nonce: the untouched message cannot try again.
    expect(await refusal(a, extended)).toBe('NONCE_REPLAYED')
    expect(await refusal(a, await signed(a, { domain: 'evil.example' }))).toBe('WRONG_DOMAIN')
    expect(await refusal(a, await signed(a, { uri: 'https://evil.example/login' }))).toBe('WRONG_URI')
    expect(await refusal(a, await signed(a, { chainId: 'eip155:1' }))).toBe('WRONG_CHAIN')
    expect(await refusal(a, await signed(a, { chainId: 'bip122:000000000019d6689c085ae165831e93', accountAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, owner))).toBe(
      'UNSUPPORTED_CHAIN',
    )
    expect(await refusal(a, await signed(a, {}, stranger))).toBe('BAD_SIGNATURE')
    // A cookie of the attacker's own making stands for a nonce, but not one this server handed out.
    const forged = randomBytes(32).toString('base64url')
    const forgedNonce = createHash('sha256').update(forged).digest('hex').slice(0, 32)
    nonceCookies.set(forgedNonce, `__Host-portico_siwx_nonce=${forged}`)
    expect(await refusal(a, await signed(a, { nonce: forgedNonce }))).toBe('NONCE_UNKNOWN')
    expect(await refusal(a, { message: 'hello', signature: '0x00' })).toBe('MALFORMED')
    expect(await refusal(a, { ...(await signed(a)), signature: 'not hex' })).toBe('MALFORMED')
    expect(await refusal(a, { message: 42, signature: '0x' } as never)).toBe('MALFORMED')
    // The untouched message still signs in: the refusals above came before its nonce was spent.
    expect(await refusal(a, good)).toBe('OK')
    expect(await refusal(b, good)).toBe('NONCE_REPLAYED')
  })

  it('refuses an expired message, one before its notBefore, one issued in the future, and a nonce past its 300 s', async () => {
    const expiring = await signed(a, { expirationTime: new Date(now().getTime() + 30_000).toISOString() })
    const later = await signed(a, { notBefore: new Date(now().getTime() + 30_000).toISOString() })
    const future = await signed(a, { issuedAt: new Date(now().getTime() + 90_000).toISOString() })
    const laterAgain = await signed(a, { notBefore: new Date(now().getTime() + 30_000).toISOString() })
    expect(await refusal(a, later)).toBe('NOT_YET_VALID')
    expect(await refusal(a, future)).toBe('NOT_YET_VALID')
    advance(31)
    expect(await refusal(a, expiring)).toBe('EXPIRED')
    // The refused try spent its nonce; a message that waited unsent is valid now.
    expect(await refusal(a, later)).toBe('NONCE_REPLAYED')
    expect(await refusal(a, laterAgain)).toBe('OK')
    // A nonce handed out now, answered after 301 s by a message issued then.
    const nonce = await nonceFrom(a)
    advance(301)
    expect(await refusal(a, await signed(a, { nonce }))).toBe('EXPIRED')
    // Issued more than 300 s + 60 s of clock skew ago: no nonce lives that long, whatever its row says.
    expect(await refusal(a, await signed(a, { issuedAt: new Date(now().getTime() - 361_000).toISOString() }))).toBe('EXPIRED')
    expect(await refusal(a, await signed(a, { issuedAt: new Date(now().getTime() - 359_000).toISOString() }))).toBe('OK')
  })

  it('expiry is exact to the millisecond: 1 ms before its expirationTime a message signs in, at it the message is EXPIRED and its session is over', async () => {
    const expirationTime = new Date(now().getTime() + 60_000).toISOString()
    const early = await signed(a, { expirationTime })
    const onTheDot = await signed(a, { expirationTime })
    advanceMs(59_999)
    const result = await verifyIn(a, early)
    if (!result.ok) throw new Error(result.detail)
    const cookie = cookieOf(result.setCookie)
    expect(await b.session(cookie)).not.toBeNull()
    advanceMs(1)
    expect(await refusal(a, onTheDot)).toBe('EXPIRED')
    expect(await b.session(cookie)).toBeNull()
  })

  it('ends the session with the message when the message expires first', async () => {
    const result = await verifyIn(a, await signed(a, { expirationTime: new Date(now().getTime() + 120_000).toISOString() }))
    if (!result.ok) throw new Error(result.detail)
    expect(result.setCookie).toContain('; Max-Age=120;')
    const cookie = cookieOf(result.setCookie)
    expect(await b.session(cookie)).not.toBeNull()
    advance(121)
    expect(await b.session(cookie)).toBeNull()
  })

  it('lets one of two simultaneous verifications of one message sign in', async () => {
    const input = await signed(a)
    const results = await Promise.all([verifyIn(a, input), verifyIn(b, input), verifyIn(a, input)])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(['NONCE_REPLAYED', 'NONCE_REPLAYED'])
  })

  it("signs in a Solana account with an ed25519 signature, and refuses another key's", async () => {
    const solanaMessage = () => message(a, { chainId: SOLANA, accountAddress: solanaAddress })
    const otherKey = await solanaMessage()
    expect(await refusal(a, { message: otherKey, signature: solanaSign(otherKey, ed25519.utils.randomPrivateKey()) })).toBe('BAD_SIGNATURE')
    expect(await refusal(a, { message: await solanaMessage(), signature: 'abc' })).toBe('MALFORMED')
    const text = await solanaMessage()
    const result = await verifyIn(b, { message: text, signature: solanaSign(text) })
    expect(result.ok && result.session).toMatchObject({ address: solanaAddress, chainId: SOLANA })
    // A local validator's chain: accepted only by a server that lists it.
    const local = 'solana:localvalidator1'
    const localText = await message(a, { chainId: local, accountAddress: solanaAddress })
    expect(await refusal(a, { message: localText, signature: solanaSign(localText) })).toBe('WRONG_CHAIN')
    const listing = await start({ solanaChains: [local] })
    const listedText = await message(listing, { chainId: local, accountAddress: solanaAddress })
    expect(await refusal(listing, { message: listedText, signature: solanaSign(listedText) })).toBe('OK')
  })

  it('takes a message of 8000 characters and a signature of 40000, and refuses one more of either as MALFORMED', async () => {
    // A statement pads the signed message to the length wanted; every nonce has 32 characters, so its own does not move it.
    const sized = async (length: number) => {
      const nonce = await nonceFrom(a)
      const base = await message(a, { nonce, statement: 'x' })
      const text = await message(a, { nonce, statement: 'x'.repeat(1 + length - base.length) })
      expect(text).toHaveLength(length)
      return { message: text, signature: await owner.signMessage({ message: text }) }
    }
    const over = await sized(8001)
    expect(await verifyIn(a, over)).toMatchObject({ ok: false, reason: 'MALFORMED', detail: 'message: is longer than 8000 characters' })
    const signatureOf = (length: number) => `0x${'ab'.repeat(length)}`.slice(0, length)
    const at = await sized(8000)
    expect(await verifyIn(a, { ...at, signature: signatureOf(40_001) })).toMatchObject({ ok: false, reason: 'MALFORMED', detail: 'signature: is longer than 40000 characters' })
    expect(await refusal(a, at)).toBe('OK')
    // 40000 characters pass the cap and reach the signature check, which refuses them for what they are.
    expect(await verifyIn(a, { ...(await sized(8000)), signature: signatureOf(40_000) })).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' })
  })

  it('answers HTTP refusals with a status and { reason, detail }, never a 500, and leaves other paths to the app', async () => {
    const post = async (body: string, cookie?: string) => {
      const response = (await call(a, 'POST', '/siwx/verify', { body, cookie }))!
      return [response.status, ((await response.json()) as { reason: string }).reason]
    }
    expect(await post('not json')).toEqual([400, 'MALFORMED'])
    expect(await post(JSON.stringify({ message: 'x'.repeat(9000), signature: '0x' }))).toEqual([400, 'MALFORMED'])
    const strangers = await signed(a, {}, stranger)
    expect(await post(JSON.stringify(strangers), cookieFor(strangers.message)!)).toEqual([401, 'BAD_SIGNATURE'])
    const wrongMethod = (await call(a, 'GET', '/siwx/verify'))!
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST'])
    expect(await call(a, 'GET', '/api/data')).toBeUndefined()
    expect(await call(a, 'GET', '/siwx/other')).toBeUndefined()
    expect((await a.handle(new Request(`http://${DOMAIN}/auth/nonce`), '/auth'))!.status).toBe(200)
  })

  it("answers only the app's own pages: a POST from another origin or none is 403, a body not JSON 415, a nonce for another site 403", async () => {
    const send = async (method: string, path: string, headers: Record<string, string>) => {
      const response = (await a.handle(new Request(`https://${DOMAIN}${path}`, { method, headers, body: method === 'POST' ? '{}' : undefined })))!
      return [response.status, ((await response.json().catch(() => ({}))) as { reason?: string }).reason, response.headers.get('set-cookie')]
    }
    const json = { 'content-type': 'application/json' }
    expect(await send('POST', '/siwx/signout', { origin: `https://${DOMAIN}`, 'content-type': 'application/json; charset=utf-8' })).toEqual([
      204,
      undefined,
      expect.stringContaining('Max-Age=0'),
    ])
    for (const origin of ['https://evil.example', `http://${DOMAIN}`, `https://${DOMAIN}:8443`, 'null']) {
      expect(await send('POST', '/siwx/signout', { origin, ...json })).toEqual([403, 'ORIGIN_NOT_ALLOWED', null])
    }
    expect(await send('POST', '/siwx/verify', json)).toEqual([403, 'ORIGIN_NOT_ALLOWED', null])
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-seq']) {
      expect(await send('POST', '/siwx/verify', { origin: `https://${DOMAIN}`, 'content-type': type })).toEqual([415, 'NOT_JSON', null])
    }
    expect(await send('POST', '/siwx/verify', { origin: `https://${DOMAIN}` })).toEqual([415, 'NOT_JSON', null])
    // A nonce (and its cookie) only for the app's pages: a same-origin fetch carries no Origin header.
    expect(await send('GET', '/siwx/nonce', { origin: 'https://evil.example' })).toEqual([403, 'ORIGIN_NOT_ALLOWED', null])
    expect(await send('GET', '/siwx/nonce', { 'sec-fetch-site': 'cross-site' })).toEqual([403, 'ORIGIN_NOT_ALLOWED', null])
    expect(await send('GET', '/siwx/nonce', { 'sec-fetch-site': 'same-origin' })).toEqual([200, undefined, expect.stringContaining('__Host-portico_siwx_nonce=')])
  })
})

describe('siwx server with contract wallets on Hardhat', () => {
  let opened: Awaited<ReturnType<typeof openDatabase>>
  let server: SiwxServer
  beforeAll(async () => {
    opened = await openDatabase({ memory: true })
    server = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { [CHAIN]: rpcUrl } })
    ownedWalletArtifacts()
  }, 90_000)
  afterAll(async () => {
    await server?.close()
    await opened?.close()
  })

  const signedFor = async (accountAddress: string, signer = owner) => {
    const text = formatSiwxMessage({
      domain: DOMAIN,
      accountAddress,
      uri: `https://${DOMAIN}/`,
      version: '1',
      chainId: CHAIN,
      nonce: await nonceFrom(server),
      issuedAt: new Date().toISOString(),
    })
    return { message: text, signature: await signer.signMessage({ message: text }) }
  }

  it('signs in an ERC-1271 wallet its owner signs for, and refuses a stranger signing for it', async () => {
    const wallet = getAddress(await deployOwnedWallet(rpcUrl, HARDHAT_ACCOUNT_1.privateKey as Hex, owner.address))
    const refused = await verifyIn(server, await signedFor(wallet, stranger))
    expect(refused.ok ? 'OK' : refused.reason).toBe('BAD_SIGNATURE')
    const result = await verifyIn(server, await signedFor(wallet))
    expect(result.ok && result.session.address).toBe(wallet)
  })

  it('verifies an ERC-6492 signature of a wallet not deployed yet, without deploying it', async () => {
    const counterfactual = await counterfactualOwnedWallet(rpcUrl, HARDHAT_ACCOUNT_1.privateKey as Hex, owner.address)
    const client = createPublicClient({ transport: http(rpcUrl) })
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()
    const input = await signedFor(counterfactual.address)
    const plain = await verifyIn(server, input)
    expect(plain.ok ? 'OK' : plain.reason).toBe('BAD_SIGNATURE')
    const input2 = await signedFor(counterfactual.address)
    const result = await verifyIn(server, { ...input2, signature: counterfactual.wrap(input2.signature as Hex) })
    expect(result.ok && result.session.address).toBe(counterfactual.address)
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()
  })

  it("says the chain is unavailable (503 over HTTP) when its RPC does not answer a contract wallet's check, and refuses nothing", async () => {
    const wallet = getAddress(await deployOwnedWallet(rpcUrl, HARDHAT_ACCOUNT_1.privateKey as Hex, owner.address))
    const down = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { [CHAIN]: `http://127.0.0.1:${await freePort()}` } })
    const text = formatSiwxMessage({
      domain: DOMAIN,
      accountAddress: wallet,
      uri: `https://${DOMAIN}/`,
      version: '1',
      chainId: CHAIN,
      nonce: await nonceFrom(down),
      issuedAt: new Date().toISOString(),
    })
    const input = { message: text, signature: await owner.signMessage({ message: text }) }
    await expect(verifyIn(down, input)).rejects.toBeInstanceOf(SiwxUnavailableError)
    const response = (await down.handle(
      new Request(`https://${DOMAIN}/siwx/verify`, {
        method: 'POST',
        body: JSON.stringify(input),
        headers: { origin: `https://${DOMAIN}`, 'content-type': 'application/json', cookie: cookieFor(text)! },
      }),
    ))!
    expect([response.status, ((await response.json()) as { reason: string }).reason]).toEqual([503, 'UNAVAILABLE'])
    // No verdict, so the nonce was given back each time: with the node back, the same message signs in.
    const up = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { [CHAIN]: rpcUrl } })
    expect((await verifyIn(up, input)).ok).toBe(true)
  })

  it('takes the uri origins, the cookie name and domains in any case from its options', async () => {
    const server = await createSiwxServer({
      database: { db: opened.db },
      domains: ['App.Example.com'],
      uris: ['https://login.example.com'],
      rpcUrls: {},
      cookie: { name: 'sid', secure: false },
    })
    const key = ed25519.utils.randomPrivateKey()
    const address = encodeBase58(ed25519.getPublicKey(key))
    const attempt = async (uri: string) => {
      const text = formatSiwxMessage({
        domain: DOMAIN,
        accountAddress: address,
        uri,
        version: '1',
        chainId: SOLANA,
        nonce: await nonceFrom(server),
        issuedAt: new Date().toISOString(),
      })
      return verifyIn(server, { message: text, signature: solanaSign(text, key) })
    }
    const refused = await attempt(`https://${DOMAIN}/`)
    expect(refused.ok ? 'OK' : refused.reason).toBe('WRONG_URI')
    const result = await attempt('https://login.example.com/wallet')
    if (!result.ok) throw new Error(result.detail)
    // Not secure (plain http): the names go without the __Host- prefix, which browsers take on Secure cookies only.
    expect(result.setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)
    expect((await server.nonce()).setCookie).toMatch(/^sid_nonce=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict$/)
    expect(await server.session(result.setCookie.split(';')[0]!)).toMatchObject({ address })
    // The request origins are the same list: the login page's origin may post, the domain's own may not.
    const signOut = (origin: string) =>
      server.handle(new Request('https://login.example.com/siwx/signout', { method: 'POST', body: '{}', headers: { origin, 'content-type': 'application/json' } }))
    expect((await signOut('https://login.example.com'))!.status).toBe(204)
    expect((await signOut(`https://${DOMAIN}`))!.status).toBe(403)
  })

  it('takes http:// by default only for a loopback domain', async () => {
    const server = await createSiwxServer({ database: { db: opened.db }, domains: ['127.0.0.1:8080', 'localhost:3000', DOMAIN], rpcUrls: {} })
    const key = ed25519.utils.randomPrivateKey()
    const attempt = async (uri: string) => {
      const domain = new URL(uri).host
      const text = formatSiwxMessage({
        domain,
        accountAddress: encodeBase58(ed25519.getPublicKey(key)),
        uri,
        version: '1',
        chainId: SOLANA,
        nonce: await nonceFrom(server),
        issuedAt: new Date().toISOString(),
      })
      const result = await verifyIn(server, { message: text, signature: solanaSign(text, key) })
      return result.ok ? 'OK' : result.reason
    }
    expect(await attempt('http://127.0.0.1:8080/')).toBe('OK')
    expect(await attempt('http://localhost:3000/')).toBe('OK')
    expect(await attempt(`https://${DOMAIN}/`)).toBe('OK')
    expect(await attempt(`http://${DOMAIN}/`)).toBe('WRONG_URI')
    const post = (origin: string) => server.handle(new Request(`${origin}/siwx/signout`, { method: 'POST', body: '{}', headers: { origin, 'content-type': 'application/json' } }))
    expect((await post('http://127.0.0.1:8080'))!.status).toBe(204)
    expect((await post(`http://${DOMAIN}`))!.status).toBe(403)
  })

  it('refuses options that would refuse every sign-in, at start', async () => {
    const database = { db: opened.db }
    await expect(createSiwxServer({ database, domains: [], rpcUrls: {} })).rejects.toThrow('domains must name at least one domain')
    await expect(createSiwxServer({ database, domains: [DOMAIN], rpcUrls: { '31337': rpcUrl } })).rejects.toThrow('keys must be eip155 CAIP-2 ids')
    await expect(createSiwxServer({ database, domains: ['https://app.example.com'], rpcUrls: {} })).rejects.toThrow('must be host[:port]')
    // Allowed origins are exact: a wildcard or a path names its entry.
    await expect(createSiwxServer({ database, domains: ['*'], rpcUrls: {} })).rejects.toThrow('domains.0 must be host[:port], without a wildcard')
    await expect(createSiwxServer({ database, domains: ['app.example.com:https'], rpcUrls: {} })).rejects.toThrow('domains entry "app.example.com:https" is not host[:port]')
    for (const entry of ['*', 'https://*.example.com', 'https://app.example.com/login', 'https://app.example.com/', 'ftp://app.example.com']) {
      await expect(createSiwxServer({ database, domains: [DOMAIN], uris: [entry], rpcUrls: {} })).rejects.toThrow(`uris entry "${entry}" is not an exact origin`)
    }
    await expect(createSiwxServer({ database, domains: [DOMAIN], rpcUrls: {}, cookie: { name: '__Host-sid' } })).rejects.toThrow('must not start with __')
  })

  it('refuses to check signatures on a node of another chain than its key says', async () => {
    const misnamed = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { 'eip155:1': rpcUrl } })
    const text = formatSiwxMessage({
      domain: DOMAIN,
      accountAddress: owner.address,
      uri: `https://${DOMAIN}/`,
      version: '1',
      chainId: 'eip155:1',
      nonce: await nonceFrom(misnamed),
      issuedAt: new Date().toISOString(),
    })
    // A signature ecrecover does not tie to the account is the chain's to check.
    await expect(verifyIn(misnamed, { message: text, signature: await stranger.signMessage({ message: text }) })).rejects.toThrow("rpcUrls['eip155:1'] is a node of eip155:31337")
  })

  it("signs in an EOA by ecrecover alone: its chain's node may be down", async () => {
    const down = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { [CHAIN]: `http://127.0.0.1:${await freePort()}` } })
    const text = formatSiwxMessage({
      domain: DOMAIN,
      accountAddress: owner.address,
      uri: `https://${DOMAIN}/`,
      version: '1',
      chainId: CHAIN,
      nonce: await nonceFrom(down),
      issuedAt: new Date().toISOString(),
    })
    const result = await verifyIn(down, { message: text, signature: await owner.signMessage({ message: text }) })
    expect(result.ok && result.session.address).toBe(owner.address)
  })
})

describe('siwx server with two RPC nodes per chain: a node that lies', () => {
  // The liar answers every contract read (eth_call) with true: whatever the signature, the
  // ERC-6492 universal validator "found it valid". Its URL carries a key in its path and query,
  // as a provider's does; the log may show its origin only.
  const liar = lie((method) => method === 'eth_call', `0x${'0'.repeat(63)}1`)
  let opened: Awaited<ReturnType<typeof openDatabase>>
  let proxy: RpcFaultProxy
  let liarUrl: string
  let wallet: `0x${string}`
  const servers: SiwxServer[] = []
  const start = async (urls: string | readonly [string, string]) => {
    const server = await createSiwxServer({ database: { db: opened.db }, domains: [DOMAIN], rpcUrls: { [CHAIN]: urls } })
    servers.push(server)
    return server
  }
  const signedFor = async (server: SiwxServer, signer: typeof owner) => {
    const text = formatSiwxMessage({
      domain: DOMAIN,
      accountAddress: wallet,
      uri: `https://${DOMAIN}/`,
      version: '1',
      chainId: CHAIN,
      nonce: await nonceFrom(server),
      issuedAt: new Date().toISOString(),
    })
    return { message: text, signature: await signer.signMessage({ message: text }) }
  }
  const reason = (result: Awaited<ReturnType<SiwxServer['verify']>>) => (result.ok ? 'OK' : result.reason)

  beforeAll(async () => {
    opened = await openDatabase({ memory: true })
    proxy = await startRpcFaultProxy(rpcUrl)
    liarUrl = `${proxy.url}/v3/SECRETKEY?apikey=SECRETQUERY`
    wallet = getAddress(await deployOwnedWallet(rpcUrl, HARDHAT_ACCOUNT_1.privateKey as Hex, owner.address))
  }, 90_000)
  afterEach(() => {
    proxy.intercept(undefined)
    vi.restoreAllMocks()
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    await proxy?.close()
    await opened?.close()
  })

  it('alone, it signs a stranger in as a contract wallet: the attack a second node is there for', async () => {
    const trusting = await start(liarUrl)
    proxy.intercept(liar)
    const result = await verifyIn(trusting, await signedFor(trusting, stranger))
    expect(result.ok && result.session.address).toBe(wallet)
  })

  it('with an honest second node the stranger is refused (401 NODES_DISAGREE), and the log names both nodes by origin only', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const careful = await start([rpcUrl, liarUrl])
    proxy.intercept(liar)
    expect(reason(await verifyIn(careful, await signedFor(careful, stranger)))).toBe('NODES_DISAGREE')
    const again = await signedFor(careful, stranger)
    const headers = { origin: `https://${DOMAIN}`, 'content-type': 'application/json', cookie: cookieFor(again.message)! }
    const response = (await careful.handle(new Request(`https://${DOMAIN}/siwx/verify`, { method: 'POST', body: JSON.stringify(again), headers })))!
    expect([response.status, ((await response.json()) as { reason: string }).reason]).toEqual([401, 'NODES_DISAGREE'])
    const logged = errors.mock.calls.map((call) => call.join(' ')).join('\n')
    expect(logged).toContain(`the RPC nodes disagree (${rpcUrl} answered not valid, ${proxy.url} answered valid): refused`)
    expect(logged).not.toContain('SECRET')
    // The liar's yes to the owner's own signature agrees with the honest node: signed in.
    const owners = await verifyIn(careful, await signedFor(careful, owner))
    expect(owners.ok && owners.session.address).toBe(wallet)
  })

  it("two honest nodes sign in the wallet's owner and refuse a stranger (BAD_SIGNATURE)", async () => {
    const both = await start([rpcUrl, liarUrl])
    expect(reason(await verifyIn(both, await signedFor(both, stranger)))).toBe('BAD_SIGNATURE')
    const result = await verifyIn(both, await signedFor(both, owner))
    expect(result.ok && result.session.address).toBe(wallet)
  })

  it('both must answer: with the second node down there is no verdict (SiwxUnavailableError)', async () => {
    const half = await start([rpcUrl, `http://127.0.0.1:${await freePort()}`])
    await expect(verifyIn(half, await signedFor(half, owner))).rejects.toBeInstanceOf(SiwxUnavailableError)
  })

  it('refuses at start two URLs of one origin (one provider is no second opinion) and more than two', async () => {
    const database = { db: opened.db }
    await expect(createSiwxServer({ database, domains: [DOMAIN], rpcUrls: { [CHAIN]: [rpcUrl, `${rpcUrl}/other`] } })).rejects.toThrow(
      'rpcUrls.eip155:31337 two URLs of one origin are one provider: a second opinion needs another',
    )
    const three = [rpcUrl, proxy.url, `http://127.0.0.1:${await freePort()}`] as unknown as [string, string]
    await expect(createSiwxServer({ database, domains: [DOMAIN], rpcUrls: { [CHAIN]: three } })).rejects.toThrow('must be a URL or a list of two')
  })
})
