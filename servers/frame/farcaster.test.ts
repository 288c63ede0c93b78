import { randomBytes, randomUUID } from 'node:crypto'
import { count } from 'drizzle-orm'
import { encodeAbiParameters, toFunctionSelector } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LocalFarcasterRelay, startFarcasterRelay } from '../../demo/peers/farcasterRelay.ts'
import { installIdRegistry, registerFid } from '../../demo/peers/idRegistry.mjs'
import { type FarcasterAccount, type Tamper, authenticateChannel } from '../../test/peers/farcasterPhone.ts'
import { type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { type RpcFaultProxy, type RpcRequest, lie, startRpcFaultProxy } from '../../test/peers/rpcFaultProxy.ts'
import { type OpenedDatabase, frameTables, openDatabase } from '../db/index.ts'
import { type FrameServer, startFrameServer } from './server.ts'
import { FARCASTER_ID_REGISTRY, type FarcasterRpc, FarcasterRefusal } from './social/farcaster.ts'

// Farcaster login on the frame server, on PGlite, with the real verification: a local auth relay
// speaking the channel protocol, the IdRegistry stand-in on Hardhat read with viem for the
// custody address, and a test client signing the Sign In With Farcaster message with a custody
// key. Every refusal leaves no identity, no user and no session behind.

const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }

let node: HardhatNode
let relay: LocalFarcasterRelay
let opened: OpenedDatabase
let frame: FrameServer
let alice: FarcasterAccount
let bob: FarcasterAccount

beforeAll(async () => {
  ;[node, relay, opened] = await Promise.all([startHardhat({ port: 8612 }), startFarcasterRelay(), openDatabase({ memory: true })])
  await installIdRegistry(node.url)
  const [aliceKey, bobKey] = [generatePrivateKey(), generatePrivateKey()]
  alice = { fid: Number(await registerFid(node.url, aliceKey)), custodyKey: aliceKey, username: 'alice' }
  bob = { fid: Number(await registerFid(node.url, bobKey)), custodyKey: bobKey, username: 'bob' }
  frame = await startFrame({ rpcUrl: node.url })
}, 120_000)

/** A frame server on the shared database and relay, reading custody addresses from `rpc`. */
const startFrame = (rpc: FarcasterRpc) =>
  startFrameServer({
    database: { db: opened.db },
    smtpUrl: 'smtp://127.0.0.1:1',
    mailFrom: 'test <t@example.com>',
    keyEncryptionKey: randomBytes(32).toString('base64'),
    sessionSecret: randomBytes(32).toString('hex'),
    projects: { demo: [HOST] },
    farcaster: { relayUrl: relay.url, ...rpc },
    limits: { farcasterWaitSeconds: 2 },
  })

afterAll(async () => {
  await frame?.close()
  await relay?.close()
  await opened?.close()
  await node?.stop()
})

const post = async (path: string, body: Record<string, unknown>, server = frame) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ ...caller, ...body }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** What a frame keeps for its login: the binding secret, and its device id. */
const newFrame = () => ({ binding: randomBytes(32).toString('base64url'), deviceId: randomUUID() })

async function start(binding: string, server = frame) {
  const { status, body } = await post('/v1/farcaster/start', { binding }, server)
  expect(status).toBe(200)
  return body as { url: string; channelToken: string }
}

const rows = async () => {
  const { socialIdentities, sessions, users } = frameTables
  const [[identities], [sessionRows], [userRows]] = await Promise.all([
    opened.db.select({ n: count() }).from(socialIdentities),
    opened.db.select({ n: count() }).from(sessions),
    opened.db.select({ n: count() }).from(users),
  ])
  return { identities: identities!.n, sessions: sessionRows!.n, users: userRows!.n }
}

/** A whole login: start, the phone signs (maybe tampered), connect. */
async function login(account: FarcasterAccount, tamper?: Tamper, server = frame) {
  const mine = newFrame()
  const channel = await start(mine.binding, server)
  await authenticateChannel(relay, channel.url, account, tamper)
  return post('/v1/farcaster/connect', { ...mine, channelToken: channel.channelToken }, server)
}

describe('Farcaster login on the frame server', () => {
  it('the channel url carries the relay token, the frame server host as domain, its own nonce and a 10 min expiry', async () => {
    const before = Date.now()
    const { url, channelToken } = await start(newFrame().binding)
    const params = new URL(url).searchParams
    expect(new URL(url).origin).toBe(relay.url)
    expect(params.get('channelToken')).toBe(channelToken)
    expect(params.get('domain')).toBe(new URL(frame.url).host)
    expect(params.get('siweUri')).toBe(frame.url)
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9]{32,}$/)
    const expiry = new Date(params.get('expirationTime')!).getTime()
    expect(expiry - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000)
    expect(expiry - before).toBeLessThanOrEqual(10 * 60_000 + 5000)
  })

  it('waits while the phone has not signed: { completed: false } after the 2 s wait', async () => {
    const mine = newFrame()
    const channel = await start(mine.binding)
    const started = Date.now()
    const { status, body } = await post('/v1/farcaster/connect', { ...mine, channelToken: channel.channelToken })
    expect(status).toBe(200)
    expect(body).toEqual({ completed: false })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
  })

  it('a message signed by the custody key logs in: a session, the fid bound to a user, the Farcaster username; the same fid again reaches the same user', async () => {
    const first = await login(alice)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ completed: true, userName: 'alice', recovery: false, user: { email: null } })
    expect(typeof first.body.accessToken).toBe('string')
    const again = await login(alice)
    expect(again.status).toBe(200)
    expect((again.body.user as { id: string }).id).toBe((first.body.user as { id: string }).id)
    const other = await login(bob)
    expect((other.body.user as { id: string }).id).not.toBe((first.body.user as { id: string }).id)
  })

  it.each([
    ['a signature from another key', { signerKey: generatePrivateKey() }, FarcasterRefusal.BAD_SIGNATURE],
    ['a message for another domain', { domain: 'evil.example' }, FarcasterRefusal.WRONG_DOMAIN],
    ['a message with another nonce', { nonce: 'a1b2c3d4e5f6a7b8' }, FarcasterRefusal.NONCE_MISMATCH],
    ['an expired message (1 s ago)', { expirationTime: new Date(Date.now() - 1000) }, FarcasterRefusal.MESSAGE_EXPIRED],
  ] as const)('%s is refused and nothing is stored', async (_name, tamper, refusal) => {
    const before = await rows()
    const { status, body } = await login(bob, tamper)
    expect(status).toBe(400)
    expect(body.error).toBe(refusal)
    expect(await rows()).toEqual(before)
  })

  it("a message naming another account's fid, signed by this custody key, is refused (the fid's custody is another address)", async () => {
    const before = await rows()
    const mine = newFrame()
    const channel = await start(mine.binding)
    // The relay is told alice's fid, the message names alice's fid, but bob's key signed it.
    await authenticateChannel(relay, channel.url, { ...alice, custodyKey: bob.custodyKey })
    const { status, body } = await post('/v1/farcaster/connect', { ...mine, channelToken: channel.channelToken })
    expect(status).toBe(400)
    expect(body.error).toBe(FarcasterRefusal.BAD_SIGNATURE)
    expect(await rows()).toEqual(before)
  })

  it('another frame (binding) cannot finish the login, and a finished one cannot be replayed', async () => {
    const mine = newFrame()
    const channel = await start(mine.binding)
    await authenticateChannel(relay, channel.url, alice)
    const stolen = await post('/v1/farcaster/connect', { ...newFrame(), channelToken: channel.channelToken })
    expect(stolen).toEqual({ status: 400, body: { error: FarcasterRefusal.NOT_STARTED } })
    expect((await post('/v1/farcaster/connect', { ...mine, channelToken: channel.channelToken })).status).toBe(200)
    const replay = await post('/v1/farcaster/connect', { ...mine, channelToken: channel.channelToken })
    expect(replay).toEqual({ status: 400, body: { error: FarcasterRefusal.REPLAYED } })
  })
})

describe('Farcaster login with two RPC nodes: a node that lies about custody', () => {
  // Mallory holds no fid. The liar says alice's fid is in Mallory's custody; Mallory then signs a
  // message naming alice's fid with her own key. Its URL carries a key in path and query, as a
  // provider's does: the log may show its origin only.
  const malloryKey = generatePrivateKey()
  const custodyOf = toFunctionSelector('function custodyOf(uint256)')
  const asksCustody = (method: string, request: RpcRequest) => {
    const call = (request.params as [{ to?: string; data?: string }] | undefined)?.[0]
    return method === 'eth_call' && call?.to?.toLowerCase() === FARCASTER_ID_REGISTRY.toLowerCase() && call.data?.startsWith(custodyOf) === true
  }
  const liar = lie(asksCustody, encodeAbiParameters([{ type: 'address' }], [privateKeyToAccount(malloryKey).address]))
  let proxy: RpcFaultProxy
  let liarUrl: string
  const frames: FrameServer[] = []
  const started = async (rpc: FarcasterRpc) => {
    const server = await startFrame(rpc)
    frames.push(server)
    return server
  }
  /** Mallory's login as alice, through `server`. */
  const mallory = (server: FrameServer) => login({ ...alice, custodyKey: malloryKey }, undefined, server)
  const userOf = (body: Record<string, unknown>) => (body.user as { id: string }).id

  beforeAll(async () => {
    proxy = await startRpcFaultProxy(node.url)
    liarUrl = `${proxy.url}/v2/SECRETKEY?apikey=SECRETQUERY`
  })
  afterEach(() => {
    proxy.intercept(undefined)
    vi.restoreAllMocks()
  })
  afterAll(async () => {
    await Promise.all(frames.map((server) => server.close()))
    await proxy?.close()
  })

  it('alone, it logs Mallory in as alice: the attack a second node is there for', async () => {
    const alices = userOf((await login(alice)).body)
    const trusting = await started({ rpcUrl: liarUrl })
    proxy.intercept(liar)
    const { status, body } = await mallory(trusting)
    expect(status).toBe(200)
    expect(userOf(body)).toBe(alices)
  })

  it('with an honest second node the login is refused (502, the nodes disagree), nothing is stored, and the log names the nodes by origin only', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const careful = await started({ rpcUrls: [node.url, liarUrl] })
    proxy.intercept(liar)
    const before = await rows()
    expect(await mallory(careful)).toEqual({ status: 502, body: { error: FarcasterRefusal.NODES_DISAGREE } })
    expect(await rows()).toEqual(before)
    const logged = errors.mock.calls.map((call) => call.join(' ')).join('\n')
    expect(logged).toContain(`frame server: custodyOf(${alice.fid}): the RPC nodes disagree (${node.url} answered`)
    expect(logged).toContain(`${proxy.url} answered ${privateKeyToAccount(malloryKey).address.toLowerCase()}): refused`)
    expect(logged).not.toContain('SECRET')
  })

  it('two honest nodes log alice in and refuse Mallory (not the custody address)', async () => {
    const both = await started({ rpcUrls: [node.url, liarUrl] })
    expect((await login(alice, undefined, both)).status).toBe(200)
    expect(await mallory(both)).toEqual({ status: 400, body: { error: FarcasterRefusal.BAD_SIGNATURE } })
  })

  it('refuses at start two URLs of one origin: one provider is no second opinion', async () => {
    await expect(startFrame({ rpcUrls: [node.url, `${node.url}/other`] })).rejects.toThrow('frame server: farcaster.rpcUrls: two URLs of one origin are one provider')
  })
})
