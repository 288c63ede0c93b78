// A local Solana JSON-RPC endpoint for tests and the demo (PEERS.md "Solana"): a
// shim over litesvm, in process. HTTP JSON-RPC and `signatureSubscribe` over a
// WebSocket share one port on 127.0.0.1. It serves what @solana/web3.js v1 needs
// for balances, transfers, SPL tokens (accounts, balances, associated token accounts)
// and history (getSignaturesForAddress, getTransaction), in the node's own shapes.
// Plain JavaScript (types in solanaRpc.d.mts) so `npm start` can run it without a TypeScript loader.
import { createServer } from 'node:http'
import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
import { createLedger, transactionError } from './solanaLedger.mjs'
import { decodeMint, decodeTokenAccount, parsedAccountData, uiTokenAmount } from './solanaParsed.mjs'
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
const base64 = getBase64Encoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
/** getSignaturesForAddress's default and largest page. */
const MAX_SIGNATURES = 1000
/** getBlocks' largest range, the node's. */
const MAX_BLOCK_RANGE = 500_000
/**
 * Starts the shim on 127.0.0.1.
 *
 * @example
 * const rpc = await startSolanaRpc({ port: 8899 })
 * const connection = new Connection(rpc.url, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl })
 * afterAll(() => rpc.stop())
 */
export async function startSolanaRpc({ port = 0, wsPortPlusOne = true } = {}) {
  // The ledger checks blockhash lifetimes itself (litesvm knows only its latest one).
  const svm = new LiteSVM().withBlockhashCheck(false)
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
      sub.socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'signatureNotification',
          params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id },
        }),
      )
    }
  }
  const record = (signature, err, at = slot()) => {
    statuses.set(signature, { slot: at, err })
    notify(signature)
  }
  const ledger = createLedger(svm)
  const decodeTransaction = (encoded, encoding) => {
    if (typeof encoded !== 'string') throw new RpcError(-32602, 'Invalid params: transaction must be a string')
    try {
      return getTransactionDecoder().decode(encoding === 'base64' ? base64.encode(encoded) : base58.encode(encoded))
    } catch (error) {
      throw new RpcError(-32602, `invalid transaction: ${error.message}`)
    }
  }
  /** Lands a transaction; its status is known at once (a landed one is never overwritten by a resend). */
  const submit = (transaction) => {
    const { signature, err, landed, slot: at } = ledger.land(transaction)
    // A transaction refused before it ran does not land on a cluster; its status still
    // says why here, so a client fails at once instead of waiting for the blockhash to expire.
    if (landed || !statuses.has(signature)) record(signature, err, at)
    return signature
  }
  const sendTransaction = ([encoded, config]) => {
    const transaction = decodeTransaction(encoded, config?.encoding)
    // Preflight: a transaction that would fail is refused, unsent and unpaid, with the node's code and shape.
    if (!config?.skipPreflight) {
      if (ledger.lifetimeError(transaction)) {
        throw new RpcError(-32002, 'Transaction simulation failed: Blockhash not found', {
          err: 'BlockhashNotFound',
          logs: [],
          accounts: null,
          unitsConsumed: 0,
          returnData: null,
        })
      }
      const simulated = svm.simulateTransaction(transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        const err = transactionError(simulated)
        throw new RpcError(-32002, `Transaction simulation failed: ${errorText(err)}`, {
          err,
          logs: simulated.meta().logs(),
          accounts: null,
          unitsConsumed: Number(simulated.meta().computeUnitsConsumed()),
          returnData: null,
        })
      }
    }
    return submit(transaction)
  }
  /**
   * requestAirdrop as a real faucet does it: a System transfer, signed by a faucet account
   * (a fresh one per airdrop, funded out of band, so two equal airdrops never share a
   * signature while the blockhash stays the same), which history then shows.
   */
  const requestAirdrop = async ([key, amount]) => {
    const to = pubkey(key)
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RpcError(-32602, `Invalid param: lamports ${String(amount)}`)
    const faucet = await generateKeyPairSigner()
    // Exactly the amount and the fee: the faucet ends empty (closed), as no rent is left owing.
    svm.airdrop(faucet.address, lamports(BigInt(amount) + 5000n))
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(faucet, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ ...ledger.latestBlockhash(), lastValidBlockHeight: BigInt(ledger.latestBlockhash().lastValidBlockHeight) }, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: faucet, destination: to, amount: BigInt(amount) }), m),
      ),
    )
    const signature = submit(transaction)
    if (statuses.get(signature)?.err) throw new RpcError(-32603, `airdrop failed: ${errorText(statuses.get(signature).err)}`)
    return signature
  }
  /** An account as getAccountInfo answers it: jsonParsed where the shim can parse it, else base64. */
  const accountJson = (account, encoding) => ({
    data: (encoding === 'jsonParsed' && parsedAccountData(account, ledger.decimalsOf)) || [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  })
  const tokenAccount = (key) => {
    const token = decodeTokenAccount(svm.getAccount(pubkey(key)))
    if (!token) throw new RpcError(-32602, 'Invalid param: not a Token account')
    return token
  }
  const mintOf = (key) => {
    const mint = decodeMint(svm.getAccount(pubkey(key)))
    if (!mint) throw new RpcError(-32602, 'Invalid param: not a Token mint')
    return mint
  }
  const handlers = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getBalance: ([key]) => ({ context: context(), value: Number(svm.getBalance(pubkey(key)) ?? 0n) }),
    getLatestBlockhash: () => ({ context: context(), value: ledger.latestBlockhash() }),
    getAccountInfo: ([key, config]) => {
      const account = svm.getAccount(pubkey(key))
      return { context: context(), value: account.exists ? accountJson(account, config?.encoding) : null }
    },
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(Number(size) || 0))),
    getFeeForMessage: ([message]) => {
      try {
        return { context: context(), value: 5000 * messageDecoder.decode(base64.encode(String(message))).header.numSignerAccounts }
      } catch (error) {
        throw new RpcError(-32602, `invalid message: ${error.message}`)
      }
    },
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
    getSignaturesForAddress: ([key, config]) => {
      const limit = config?.limit ?? MAX_SIGNATURES
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES) throw new RpcError(-32602, 'Invalid limit; max 1000')
      return ledger.signaturesFor(pubkey(key), { before: config?.before, until: config?.until, limit })
    },
    getTransaction: ([signature, config]) => {
      try {
        return ledger.transactionFor(String(signature), typeof config === 'string' ? { encoding: config } : (config ?? {}))
      } catch (error) {
        throw new RpcError(error.code ?? -32603, error.message)
      }
    },
    getBlock: ([at, config]) => {
      if (!Number.isSafeInteger(at) || at < 0) throw new RpcError(-32602, `Invalid param: slot ${String(at)}`)
      try {
        return ledger.blockAt(at, typeof config === 'string' ? { encoding: config } : (config ?? {}))
      } catch (error) {
        throw new RpcError(error.code ?? -32603, error.message)
      }
    },
    getBlocks: ([start, end]) => {
      const last = end ?? slot()
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(last) || start < 0 || last < start) throw new RpcError(-32602, 'Invalid params: start and end slots')
      if (last - start > MAX_BLOCK_RANGE) throw new RpcError(-32602, `Slot range too large; max ${MAX_BLOCK_RANGE}`)
      return ledger.blocksBetween(start, last)
    },
    getFirstAvailableBlock: () => ledger.firstBlock(),
    getGenesisHash: () => ledger.genesisHash,
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const who = pubkey(owner)
      const mint = filter?.mint === undefined ? undefined : pubkey(filter.mint)
      const program = mint ? mintOf(mint).programId : filter?.programId
      if (!program) throw new RpcError(-32602, 'Invalid params: filter must be { mint } or { programId }')
      const value = svm
        .getProgramAccounts(pubkey(program))
        .filter((account) => {
          const token = decodeTokenAccount(account)
          return token && token.owner === who && (!mint || token.mint === mint)
        })
        .map((account) => ({ pubkey: account.address, account: accountJson(account, config?.encoding) }))
      return { context: context(), value }
    },
    getTokenAccountBalance: ([key]) => {
      const token = tokenAccount(key)
      return { context: context(), value: uiTokenAmount(token.amount, ledger.decimalsOf(token.mint) ?? 0) }
    },
    getTokenSupply: ([key]) => {
      const mint = mintOf(key)
      return { context: context(), value: uiTokenAmount(mint.supply, mint.decimals) }
    },
    requestAirdrop,
    sendTransaction,
  }
  const call = (method, params) => {
    methods.push(method)
    const handler = handlers[method]
    if (!handler) throw new RpcError(-32601, `Method not found: ${method}`)
    return handler(params)
  }
  const answer = async (request) => {
    const { id = null, method, params } = request ?? {}
    try {
      if (typeof method !== 'string') throw new RpcError(-32600, 'Invalid request')
      return { jsonrpc: '2.0', id, result: await call(method, Array.isArray(params) ? params : []) }
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
    request.on('end', async () => {
      let parsed
      try {
        parsed = JSON.parse(body)
      } catch {
        parsed = undefined
      }
      const result = Array.isArray(parsed)
        ? await Promise.all(parsed.map(answer))
        : parsed === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : await answer(parsed)
      if (response.destroyed) return
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
      } else if (method === 'signatureUnsubscribe') {
        methods.push(method)
        const existed = subscriptions.delete(Number(args[0]))
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: existed }))
      } else {
        void answer(request).then((reply) => socket.send(JSON.stringify(reply)))
      }
    })
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id)
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
        for (const client of all.clients) client.terminate()
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
/** The node's short text for an error in a simulation failure ("Error processing Instruction 0: custom program error: 0x1"). */
function errorText(err) {
  if (err && typeof err === 'object' && 'InstructionError' in err) {
    const [index, detail] = err.InstructionError
    const what = detail && typeof detail === 'object' && 'Custom' in detail ? `custom program error: 0x${detail.Custom.toString(16)}` : JSON.stringify(detail)
    return `Error processing Instruction ${index}: ${what}`
  }
  return typeof err === 'string' ? err : JSON.stringify(err)
}
