// A local Solana JSON-RPC endpoint for tests and the demo (PEERS.md "Solana"): a
// shim over litesvm, in process. HTTP JSON-RPC and `signatureSubscribe` over a
// WebSocket share one port on 127.0.0.1. It serves what @solana/web3.js v1 needs
// for getBalance, sendRawTransaction, confirmTransaction and requestAirdrop.
// Plain JavaScript (types in solanaRpc.d.mts) so `npm start` can run it without a TypeScript loader.
import { createServer } from 'node:http'
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
/** How many blocks a blockhash stays valid for in the answers (Solana's figure). */
const BLOCKHASH_VALIDITY = 150
class RpcError extends Error {
  code
  data
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}
const base58 = getBase58Encoder()
const base58String = getBase58Decoder()
/**
 * Starts the shim on 127.0.0.1.
 *
 * @example
 * const rpc = await startSolanaRpc({ port: 8899 })
 * const connection = new Connection(rpc.url, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl })
 * afterAll(() => rpc.stop())
 */
export async function startSolanaRpc({ port = 0, wsPortPlusOne = true } = {}) {
  const svm = new LiteSVM()
  const statuses = new Map()
  const methods = []
  const subscriptions = new Map()
  let nextSubscription = 1
  const slot = () => Number(svm.getClock().slot)
  const context = () => ({ slot: slot(), apiVersion: '2.2.0' })
  const pubkey = (value) => {
    try {
      return address(String(value))
    } catch {
      throw new RpcError(-32602, `Invalid param: Invalid ${String(value)}`)
    }
  }
  /** Tells subscribers of a signature that it landed; signature subscriptions are one-shot. */
  const notify = (signature) => {
    const status = statuses.get(signature)
    if (!status) return
    for (const [id, sub] of subscriptions) {
      if (sub.signature !== signature) continue
      subscriptions.delete(id)
      sub.socket.send(JSON.stringify({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id },
      }))
    }
  }
  const record = (signature, err) => {
    statuses.set(signature, { slot: slot(), err })
    notify(signature)
  }
  const sendTransaction = (params) => {
    const [encoded, config] = params
    if (typeof encoded !== 'string')
      throw new RpcError(-32602, 'Invalid params: transaction must be a string')
    let transaction
    try {
      const bytes = config?.encoding === 'base64' ? Buffer.from(encoded, 'base64') : base58.encode(encoded)
      transaction = getTransactionDecoder().decode(bytes)
    } catch (error) {
      throw new RpcError(-32602, `invalid transaction: ${error.message}`)
    }
    const signature = getSignatureFromTransaction(transaction)
    // Preflight: a transaction that would fail is refused, unsent and unpaid, with the node's code and shape.
    if (!config?.skipPreflight) {
      const simulated = svm.simulateTransaction(transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        throw new RpcError(-32002, `Transaction simulation failed: ${errorName(simulated.err())}`, {
          err: describeError(simulated.err()),
          logs: simulated.meta().logs(),
          accounts: null,
          unitsConsumed: 0,
          returnData: null,
        })
      }
    }
    const result = svm.sendTransaction(transaction)
    record(signature, result instanceof FailedTransactionMetadata ? describeError(result.err()) : null)
    return signature
  }
  const handlers = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getBalance: ([key]) => ({ context: context(), value: Number(svm.getBalance(pubkey(key)) ?? 0n) }),
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY },
    }),
    getAccountInfo: ([key]) => {
      const account = svm.getAccount(pubkey(key))
      if (!account.exists) return { context: context(), value: null }
      return {
        context: context(),
        value: {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        },
      }
    },
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(Number(size) || 0))),
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (Array.isArray(signatures) ? signatures : []).map((signature) => {
        const status = statuses.get(String(signature))
        if (!status) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err ? { Err: status.err } : { Ok: null },
          confirmationStatus: 'finalized',
        }
      }),
    }),
    requestAirdrop: ([key, amount]) => {
      const result = svm.airdrop(pubkey(key), lamports(BigInt(Number(amount))))
      if (!result || result instanceof FailedTransactionMetadata) {
        throw new RpcError(-32603, `airdrop failed: ${result?.toString() ?? 'no result'}`)
      }
      const signature = base58String.decode(result.signature())
      record(signature, null)
      return signature
    },
    sendTransaction,
  }
  const call = (method, params) => {
    methods.push(method)
    const handler = handlers[method]
    if (!handler)
      throw new RpcError(-32601, `Method not found: ${method}`)
    return handler(params)
  }
  const answer = (request) => {
    const { id = null, method, params } = (request ?? {})
    try {
      if (typeof method !== 'string')
        throw new RpcError(-32600, 'Invalid request')
      return { jsonrpc: '2.0', id, result: call(method, Array.isArray(params) ? params : []) }
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32603, error.message)
      return { jsonrpc: '2.0', id, error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) } }
    }
  }
  const server = createServer((request, response) => {
    // Pages of another origin (the demo, browser tests) call it directly.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    if (request.method !== 'POST') return void response.writeHead(405).end()
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      let parsed
      try {
        parsed = JSON.parse(body)
      } catch {
        parsed = undefined
      }
      const result = Array.isArray(parsed)
        ? parsed.map(answer)
        : parsed === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : answer(parsed)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(result))
    })
  })
  const sockets = new WebSocketServer({ server })
  let sockets2
  const onSocket = (socket) => {
    socket.on('message', (data) => {
      let request
      try {
        request = JSON.parse(String(data))
      } catch {
        return
      }
      const { id = null, method, params } = request
      const args = Array.isArray(params) ? params : []
      if (method === 'signatureSubscribe') {
        methods.push(method)
        const subscription = nextSubscription++
        subscriptions.set(subscription, { socket, signature: String(args[0]) })
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: subscription }))
        // Already landed: say so now, as a node does once the commitment is reached.
        notify(String(args[0]))
      }
      else if (method === 'signatureUnsubscribe') {
        methods.push(method)
        const existed = subscriptions.delete(Number(args[0]))
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: existed }))
      }
      else {
        socket.send(JSON.stringify(answer(request)))
      }
    })
    socket.on('close', () => {
      for (const [id, sub] of subscriptions)
        if (sub.socket === socket)
          subscriptions.delete(id)
    })
  }
  sockets.on('connection', onSocket)
  sockets.on('error', () => undefined)
  const listen = (target, at) =>
    new Promise((resolve, reject) => {
      const failed = (error) => reject(error)
      target.once('error', failed)
      target.listen(at, '127.0.0.1', () => {
        target.off('error', failed)
        resolve()
      })
    })
  const close = (target) => new Promise((resolve) => target.close(() => resolve()))
  // solana-test-validator serves JSON-RPC on PORT and its PubSub WebSocket on PORT+1, and
  // web3.js's Connection derives exactly that for an http URL with a port. The shim does
  // the same (a second server sharing the handler), so a page configured with only the
  // http URL confirms transactions as it would against the real local validator.
  const wsServer = wsPortPlusOne ? createServer((_, response) => void response.writeHead(426).end()) : undefined
  if (wsServer) {
    sockets2 = new WebSocketServer({ server: wsServer })
    sockets2.on('connection', onSocket)
    // ws re-emits its server's errors; a failed listen is reported by `listen` below.
    sockets2.on('error', () => undefined)
  }
  for (let attempt = 0; ; attempt++) {
    await listen(server, port)
    if (!wsServer) break
    try {
      await listen(wsServer, server.address().port + 1)
      break
    } catch (error) {
      // A free port picked by the system may have a busy neighbour: pick again. A fixed port fails as is.
      await close(server)
      if (port !== 0 || attempt >= 20 || error?.code !== 'EADDRINUSE') throw error
    }
  }
  const bound = server.address().port
  return {
    url: `http://127.0.0.1:${bound}`,
    wsUrl: `ws://127.0.0.1:${bound}`,
    ...(wsServer ? { wsPlusOneUrl: `ws://127.0.0.1:${bound + 1}` } : {}),
    svm,
    methods,
    async stop() {
      for (const all of [sockets, sockets2]) {
        if (!all) continue
        for (const client of all.clients)
          client.terminate()
        await new Promise((resolve) => all.close(() => resolve()))
      }
      for (const target of [server, wsServer]) {
        if (!target?.listening) continue
        target.closeAllConnections()
        await close(target)
      }
    },
  }
}
/** A short name for a litesvm error: its class name, or the fieldless enum value. */
function errorName(err) {
  if (typeof err === 'object' && err !== null) return err.constructor?.name && err.constructor.name !== 'Object' ? err.constructor.name : JSON.stringify(describeError(err))
  return String(err)
}
/** litesvm's error values as the JSON a node would put in `err` (best effort; enums become their names). */
function describeError(err) {
  try {
    return JSON.parse(JSON.stringify(err, (_, value) => (typeof value === 'bigint' ? Number(value) : value))) ?? String(err)
  } catch {
    return String(err)
  }
}
