// Plain ESM so demo/start.mjs can run it too (Node 20 does not run TypeScript); types in relay.d.mts.
// A local WalletConnect relay for tests and the demo (PEERS.md "WalletConnect 2.x
// without the internet"): the JSON-RPC over WebSocket that the 2.x clients speak,
// on 127.0.0.1, in memory. It relays ciphertext only; it never decrypts anything.
import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { WebSocketServer } from 'ws'
/** How often the relay pings each socket; a 2.x client drops a socket after 35 s of silence. */
export const RELAY_PING_INTERVAL_MS = 15_000
/** Messages kept for late subscribers, at most this long (the clients ask for up to 30 days). */
const MAX_TTL_SECONDS = 24 * 60 * 60
/** And at most this many: the relay is a test peer, not a mailbox for a flood. */
const MAX_STORED_MESSAGES = 10_000
/** Tags the real relay gives the messages it derives from wc_approveSession. */
const TAG_PROPOSAL_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
// ---- inbound frames: every one is validated before it touches relay state ----
const Id = v.union([v.number(), v.string()])
const Topic = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a 32-byte hex topic'))
const Message = v.pipe(v.string(), v.minLength(1), v.maxLength(1_000_000))
const Tag = v.optional(v.number())
const Ttl = v.optional(v.pipe(v.number(), v.minValue(0)))
const PublishParams = v.looseObject({ topic: Topic, message: Message, ttl: Ttl, tag: Tag })
const ParamsSchemas = {
  irn_subscribe: v.looseObject({ topic: Topic }),
  irn_unsubscribe: v.looseObject({ topic: Topic, id: v.optional(v.string()) }),
  irn_publish: PublishParams,
  irn_batchSubscribe: v.looseObject({ topics: v.pipe(v.array(Topic), v.maxLength(500)) }),
  irn_batchUnsubscribe: v.looseObject({
    subscriptions: v.pipe(v.array(v.looseObject({ topic: Topic, id: v.optional(v.string()) })), v.maxLength(500)),
  }),
  irn_batchFetchMessages: v.looseObject({ topics: v.pipe(v.array(Topic), v.maxLength(500)) }),
  irn_batchPublish: v.looseObject({ messages: v.pipe(v.array(PublishParams), v.maxLength(500)) }),
  wc_proposeSession: v.looseObject({ pairingTopic: Topic, sessionProposal: Message, ttl: Ttl, tag: Tag }),
  wc_approveSession: v.looseObject({
    sessionTopic: Topic,
    pairingTopic: Topic,
    sessionProposalResponse: Message,
    sessionSettlementRequest: Message,
    ttl: Ttl,
    tag: Tag,
  }),
}
const RequestFrame = v.object({ id: Id, jsonrpc: v.literal('2.0'), method: v.string(), params: v.optional(v.unknown()) })
const ResponseFrame = v.union([
  v.object({ id: Id, jsonrpc: v.literal('2.0'), result: v.unknown() }),
  v.object({ id: Id, jsonrpc: v.literal('2.0'), error: v.looseObject({ code: v.number(), message: v.string() }) }),
])
const ErrorCode = { PARSE: -32700, INVALID_REQUEST: -32600, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602 }
/**
 * Starts the relay.
 *
 * @example
 * const relay = await startRelay({ port: 8620 })
 * await SignClient.init({ relayUrl: relay.url, projectId: 'test', storageOptions: { database: ':memory:' } })
 * afterAll(() => relay.stop())
 */
export async function startRelay({ port = 0, pingIntervalMs = RELAY_PING_INTERVAL_MS, refuse } = {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: 2 * 1024 * 1024 })
  await new Promise((ready, fail) => {
    server.once('listening', ready)
    server.once('error', fail)
  })
  const clients = new Set()
  const stored = []
  const methods = {}
  let delivered = 0
  let acks = 0
  let nextId = Date.now() * 1000
  const subscriptionId = (client, topic) => createHash('sha256').update(`${topic}:${client.identity}`).digest('hex')
  const send = (client, frame) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame))
  }
  const prune = (now = Date.now()) => {
    for (let i = stored.length - 1; i >= 0; i--) if (stored[i].expiresAt <= now) stored.splice(i, 1)
    if (stored.length > MAX_STORED_MESSAGES) stored.splice(0, stored.length - MAX_STORED_MESSAGES)
  }
  const deliver = (client, item) => {
    if (item.publisher === client.identity || item.deliveredTo.has(client.identity)) return
    item.deliveredTo.add(client.identity)
    delivered += 1
    send(client, {
      id: nextId++,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId(client, item.topic),
        data: { topic: item.topic, message: item.message, publishedAt: item.publishedAt, tag: item.tag },
      },
    })
  }
  const publish = (publisher, topic, message, tag = 0, ttl = MAX_TTL_SECONDS) => {
    prune()
    const now = Date.now()
    // The same ciphertext again (a client retrying a publish) is one message, not two.
    let item = stored.find((s) => s.topic === topic && s.message === message)
    if (!item) {
      item = {
        topic,
        message,
        tag,
        publishedAt: now,
        expiresAt: now + Math.min(ttl, MAX_TTL_SECONDS) * 1000,
        publisher: publisher.identity,
        deliveredTo: new Set(),
      }
      stored.push(item)
    }
    for (const client of clients) if (client.topics.has(topic)) deliver(client, item)
  }
  const subscribe = (client, topic) => {
    client.topics.add(topic)
    prune()
    // Replay what was published before this subscriber arrived.
    for (const item of stored) if (item.topic === topic) deliver(client, item)
    return subscriptionId(client, topic)
  }
  const handlers = {
    irn_subscribe: (client, { topic }) => subscribe(client, topic),
    irn_batchSubscribe: (client, { topics }) => topics.map((topic) => subscribe(client, topic)),
    irn_unsubscribe(client, { topic }) {
      client.topics.delete(topic)
      return true
    },
    irn_batchUnsubscribe(client, { subscriptions }) {
      subscriptions.forEach(({ topic }) => client.topics.delete(topic))
      return true
    },
    irn_publish(client, { topic, message, tag, ttl }) {
      publish(client, topic, message, tag, ttl)
      return true
    },
    irn_batchPublish(client, { messages }) {
      messages.forEach(({ topic, message, tag, ttl }) => publish(client, topic, message, tag, ttl))
      return true
    },
    irn_batchFetchMessages(client, { topics }) {
      prune()
      const wanted = new Set(topics)
      const messages = stored
        .filter((item) => wanted.has(item.topic) && item.publisher !== client.identity && !item.deliveredTo.has(client.identity))
        .map((item) => {
          item.deliveredTo.add(client.identity)
          return { topic: item.topic, message: item.message, publishedAt: item.publishedAt, tag: item.tag }
        })
      return { messages, hasMore: false }
    },
    // The dapp subscribes to its pairing topic through the relay, which then carries the proposal.
    wc_proposeSession(client, { pairingTopic, sessionProposal, tag, ttl }) {
      subscribe(client, pairingTopic)
      publish(client, pairingTopic, sessionProposal, tag, ttl)
      return true
    },
    // The wallet subscribes to the session topic; the answer goes to the pairing topic, the settlement to the session.
    wc_approveSession(client, { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl }) {
      subscribe(client, sessionTopic)
      publish(client, pairingTopic, sessionProposalResponse, TAG_PROPOSAL_RESPONSE, ttl)
      publish(client, sessionTopic, sessionSettlementRequest, TAG_SESSION_SETTLE, ttl)
      return true
    },
  }
  const fail = (client, id, code, message) => send(client, { id, jsonrpc: '2.0', error: { code, message } })
  const onFrame = (client, text) => {
    let frame
    try {
      frame = JSON.parse(text)
    } catch {
      methods['invalid'] = (methods['invalid'] ?? 0) + 1
      return fail(client, null, ErrorCode.PARSE, 'Parse error')
    }
    if (v.is(ResponseFrame, frame)) {
      // The ack of an irn_subscription push (`result: true`); nothing else is expected.
      acks += 1
      return
    }
    const request = v.safeParse(RequestFrame, frame)
    if (!request.success) {
      methods['invalid'] = (methods['invalid'] ?? 0) + 1
      const id = typeof frame === 'object' && frame !== null && v.is(Id, frame.id) ? frame.id : null
      return fail(client, id, ErrorCode.INVALID_REQUEST, `Invalid request: ${request.issues[0].message}`)
    }
    const { id, method, params } = request.output
    methods[method] = (methods[method] ?? 0) + 1
    if (!Object.hasOwn(ParamsSchemas, method)) return fail(client, id, ErrorCode.METHOD_NOT_FOUND, `Method not found: ${method}`)
    const schema = ParamsSchemas[method]
    const parsed = v.safeParse(schema, params)
    if (!parsed.success) {
      const path = v.getDotPath(parsed.issues[0])
      return fail(client, id, ErrorCode.INVALID_PARAMS, `Invalid params${path ? ` (${path})` : ''}: ${parsed.issues[0].message}`)
    }
    const handler = handlers[method]
    send(client, { id, jsonrpc: '2.0', result: handler(client, parsed.output) })
  }
  server.on('connection', (socket, request) => {
    if (refuse) return socket.close(refuse.code, refuse.reason)
    const client = { socket, identity: identityOf(request.url) ?? `socket-${nextId++}`, topics: new Set() }
    clients.add(client)
    const ping = setInterval(() => socket.ping(), pingIntervalMs)
    socket.on('message', (data, isBinary) => {
      try {
        onFrame(client, isBinary ? '' : data.toString())
      } catch (error) {
        // A handler bug must not take the relay down for every other client.
        fail(client, null, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`)
      }
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      clearInterval(ping)
      clients.delete(client)
    })
  })
  const { port: actualPort } = server.address()
  return {
    url: `ws://127.0.0.1:${actualPort}`,
    port: actualPort,
    stats: () => ({ connections: clients.size, methods: { ...methods }, delivered, acks, stored: stored.length }),
    async stop() {
      for (const { socket } of clients) socket.terminate()
      await new Promise((done) => server.close(() => done()))
    },
  }
}
/**
 * The client's `iss` from the `auth` JWT in the socket url, read but never
 * verified (a local relay may ignore auth): it keeps a client the same client
 * across reconnects, so its own messages are never replayed to it.
 */
function identityOf(url) {
  const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const iss = claims?.iss
    return typeof iss === 'string' && iss.length > 0 ? iss : undefined
  } catch {
    return undefined
  }
}
