import { SignClient } from '@walletconnect/sign-client'
import { type Hex, recoverMessageAddress, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { HARDHAT_ACCOUNT_0 } from '../../test/peers/hardhat.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { startWcWallet } from '../../test/peers/wcWallet.mjs'

// The local relay (test/peers/relay.mjs) is tested here because the unit project
// does not scan test/peers. Port 8640 belongs to this file (8620 is the demo relay).
let relay: Relay
beforeAll(async () => {
  relay = await startRelay({ port: 8640 })
})
afterAll(() => relay?.stop())

/** A raw socket to the relay that collects every frame it receives. */
async function rawSocket(auth?: string) {
  const socket = new WebSocket(`${relay.url}/?projectId=p${auth ? `&auth=${auth}` : ''}`)
  const frames: Record<string, unknown>[] = []
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())))
  await new Promise((open) => socket.once('open', open))
  let id = 0
  const send = (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  const call = async (method: string, params: unknown) => {
    const requestId = ++id
    send({ id: requestId, jsonrpc: '2.0', method, params })
    return waitFor(() => frames.find((f) => f['id'] === requestId))
  }
  return { socket, frames, send, call }
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 2_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error('waitFor: timed out')
    await new Promise((tick) => setTimeout(tick, 10))
  }
}

const topic = (n: number) => n.toString(16).padStart(64, '0')
/** An unsigned JWT with an `iss`, the way a client identifies itself (the relay never verifies it). */
const jwt = (iss: string) => `e30.${Buffer.from(JSON.stringify({ iss })).toString('base64url')}.sig`

describe('relay protocol (raw frames)', () => {
  it('answers a bad frame with a JSON-RPC error and keeps serving', async () => {
    const { frames, send, call, socket } = await rawSocket()
    send('not json')
    send({ jsonrpc: '2.0', id: 7, method: 42 })
    send({ jsonrpc: '2.0', id: 8, method: 'irn_subscribe', params: { topic: 'short' } })
    send({ jsonrpc: '2.0', id: 9, method: 'irn_doesNotExist', params: {} })
    const errors = await waitFor(() => (frames.length >= 4 ? frames : undefined))
    expect(errors.map((f) => [f['id'], (f['error'] as { code: number }).code])).toEqual([
      [null, -32700],
      [7, -32600],
      [8, -32602],
      [9, -32601],
    ])
    expect((errors[2]!['error'] as { message: string }).message).toContain('topic')
    // Still alive for the same socket.
    expect(await call('irn_subscribe', { topic: topic(1) })).toMatchObject({ id: expect.any(Number), result: expect.any(String) })
    socket.close()
  })

  it('delivers to subscribers, never echoes to the publisher, replays to late subscribers and counts acks', async () => {
    const a = await rawSocket(jwt('did:key:a'))
    const b = await rawSocket(jwt('did:key:b'))
    await a.call('irn_subscribe', { topic: topic(2) })
    await b.call('irn_subscribe', { topic: topic(2) })
    await a.call('irn_publish', { topic: topic(2), message: 'hello', ttl: 300, tag: 1100 })
    const push = await waitFor(() => b.frames.find((f) => f['method'] === 'irn_subscription'))
    expect(push['params']).toMatchObject({ id: expect.any(String), data: { topic: topic(2), message: 'hello', tag: 1100 } })
    expect(a.frames.some((f) => f['method'] === 'irn_subscription')).toBe(false)
    const acksBefore = relay.stats().acks
    b.send({ id: push['id'], jsonrpc: '2.0', result: true })
    await waitFor(() => (relay.stats().acks > acksBefore ? true : undefined))

    // Published before anyone else subscribed: a late subscriber gets it on subscribe.
    await a.call('irn_publish', { topic: topic(3), message: 'early', ttl: 300, tag: 1 })
    const late = await rawSocket(jwt('did:key:c'))
    await late.call('irn_subscribe', { topic: topic(3) })
    const replayed = await waitFor(() => late.frames.find((f) => f['method'] === 'irn_subscription'))
    expect(replayed['params']).toMatchObject({ data: { topic: topic(3), message: 'early' } })

    // The same client on a new socket (same iss) is still the publisher: nothing comes back to it.
    const again = await rawSocket(jwt('did:key:a'))
    expect(await again.call('irn_batchFetchMessages', { topics: [topic(3)] })).toMatchObject({ result: { messages: [], hasMore: false } })
    for (const s of [a, b, late, again]) s.socket.close()
  })

  it('wc_proposeSession subscribes the proposer; wc_approveSession answers on the pairing topic and settles on the session topic', async () => {
    const dapp = await rawSocket(jwt('did:key:dapp'))
    const wallet = await rawSocket(jwt('did:key:wallet'))
    await dapp.call('wc_proposeSession', { pairingTopic: topic(10), sessionProposal: 'proposal', ttl: 300, tag: 1100 })
    expect(await wallet.call('irn_batchFetchMessages', { topics: [topic(10)] })).toMatchObject({
      result: { messages: [{ topic: topic(10), message: 'proposal' }] },
    })
    await wallet.call('wc_approveSession', {
      sessionTopic: topic(11),
      pairingTopic: topic(10),
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
      tag: 1102,
    })
    const response = await waitFor(() => dapp.frames.find((f) => f['method'] === 'irn_subscription'))
    expect(response['params']).toMatchObject({ data: { topic: topic(10), message: 'response', tag: 1101 } })
    await dapp.call('irn_subscribe', { topic: topic(11) })
    const settle = await waitFor(() => dapp.frames.find((f) => f['method'] === 'irn_subscription' && (f['params'] as { data: { topic: string } }).data.topic === topic(11)))
    expect(settle['params']).toMatchObject({ data: { message: 'settle', tag: 1102 } })
    // The wallet was subscribed to the session topic by the relay: the dapp's request reaches it.
    await dapp.call('irn_publish', { topic: topic(11), message: 'request', ttl: 300, tag: 1108 })
    await waitFor(() => wallet.frames.find((f) => f['method'] === 'irn_subscription'))
    dapp.socket.close()
    wallet.socket.close()
  })

  it('batch methods and unsubscribe', async () => {
    const a = await rawSocket(jwt('did:key:batch-a'))
    const b = await rawSocket(jwt('did:key:batch-b'))
    expect(await b.call('irn_batchSubscribe', { topics: [topic(20), topic(21)] })).toMatchObject({ result: [expect.any(String), expect.any(String)] })
    await a.call('irn_batchPublish', {
      messages: [
        { topic: topic(20), message: 'x' },
        { topic: topic(21), message: 'y' },
      ],
    })
    await waitFor(() => (b.frames.filter((f) => f['method'] === 'irn_subscription').length === 2 ? true : undefined))
    await b.call('irn_batchUnsubscribe', { subscriptions: [{ topic: topic(20) }, { topic: topic(21) }] })
    await a.call('irn_publish', { topic: topic(20), message: 'z' })
    await new Promise((tick) => setTimeout(tick, 50))
    expect(b.frames.filter((f) => f['method'] === 'irn_subscription')).toHaveLength(2)
    a.socket.close()
    b.socket.close()
  })

  it('pings every socket', async () => {
    const fast = await startRelay({ pingIntervalMs: 20 })
    const socket = new WebSocket(fast.url)
    const pinged = new Promise<void>((done) => socket.once('ping', () => done()))
    await pinged
    socket.close()
    await fast.stop()
  })
})

describe('two real sign-clients over the relay', () => {
  it('connect -> pair -> approve -> personal_sign request -> signed answer', async () => {
    const dapp = await SignClient.init({
      projectId: 'portico-test',
      relayUrl: relay.url,
      metadata: { name: 'Relay test dapp', description: 'test', url: 'https://dapp.portico.test', icons: [] },
      storageOptions: { database: ':memory:' },
      customStoragePrefix: 'relay-test-dapp',
      telemetryEnabled: false,
      logger: 'silent',
    } as Parameters<typeof SignClient.init>[0])
    const wallet = await startWcWallet({
      relayUrl: relay.url,
      privateKey: HARDHAT_ACCOUNT_0.privateKey,
      rpcUrls: { 31337: 'http://127.0.0.1:1' },
      storagePrefix: 'relay-test-wallet',
    })
    try {
      const started = performance.now()
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] } },
      })
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri!)
      const session = await approval()
      expect(session.namespaces['eip155']?.accounts).toEqual([`eip155:31337:${HARDHAT_ACCOUNT_0.address}`])

      const message = 'Sign in to the relay test'
      const signature = await dapp.request<Hex>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [stringToHex(message), HARDHAT_ACCOUNT_0.address] },
      })
      expect(await recoverMessageAddress({ message, signature })).toBe(HARDHAT_ACCOUNT_0.address)
      expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])
      // PEERS.md: about 0.4 s for the whole sequence; a generous bound catches a relay that stalls.
      expect(performance.now() - started).toBeLessThan(10_000)
      expect(relay.stats().methods).toMatchObject({ wc_proposeSession: expect.any(Number), wc_approveSession: expect.any(Number) })
    } finally {
      await wallet.stop()
      await dapp.core.relayer.transportClose().catch(() => undefined)
    }
  }, 20_000)
})
