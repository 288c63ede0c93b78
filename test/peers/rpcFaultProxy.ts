// A JSON-RPC pass-through in front of a node, for fault tests: a wallet pointed at it reaches
// the node as usual, and a test can act at one exact moment of one method (stop the node
// just before a transaction is submitted, or just after the node took it), or answer in the
// node's place (a node that lies: `lie`).
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One JSON-RPC request as it came (undefined members for a batch or garbage). */
export interface RpcRequest {
  readonly id: unknown
  readonly params: unknown
}

/** Around one request: `forward()` sends it to the node and resolves with the node's answer body. */
export type RpcInterceptor = (method: string, forward: () => Promise<string>, request: RpcRequest) => Promise<string>

/**
 * An interceptor that answers `result` in the node's place to the requests `when` picks, and
 * passes every other one through: a node that lies about exactly those.
 *
 * @example
 * proxy.intercept(lie((method) => method === 'eth_call', '0x01')) // every contract read says true
 */
export function lie(when: (method: string, request: RpcRequest) => boolean, result: unknown): RpcInterceptor {
  return async (method, forward, request) => (when(method, request) ? JSON.stringify({ jsonrpc: '2.0', id: request.id, result }) : forward())
}

export interface RpcFaultProxy {
  /** `http://127.0.0.1:PORT`, for a wallet's rpcUrls. */
  readonly url: string
  /** Every method that came through, in order. */
  readonly methods: readonly string[]
  /** Sets what happens around each request from now on; none passes everything through. */
  intercept(interceptor: RpcInterceptor | undefined): void
  close(): Promise<void>
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

/**
 * Starts the proxy on a free port of 127.0.0.1. When the node cannot be reached the client's
 * socket is cut, as it is when it talks to a stopped node directly.
 *
 * @example
 * const proxy = await startRpcFaultProxy(node.url)
 * proxy.intercept(async (method, forward) => (method === 'eth_sendRawTransaction' ? (await node.stop(), forward()) : forward()))
 */
export async function startRpcFaultProxy(nodeUrl: string): Promise<RpcFaultProxy> {
  const methods: string[] = []
  let interceptor: RpcInterceptor | undefined
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Wallets in a page read through fetch from another origin, as Hardhat allows.
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' }).end()
      return
    }
    const body = await read(req)
    let method = ''
    let request: RpcRequest = { id: undefined, params: undefined }
    try {
      const parsed = JSON.parse(body) as { method?: unknown; id?: unknown; params?: unknown }
      method = String(parsed.method ?? '')
      request = { id: parsed.id, params: parsed.params }
    } catch {
      // a batch or garbage: passed through as it is
    }
    methods.push(method)
    const forward = async () => {
      const answer = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      return answer.text()
    }
    try {
      const answer = await (interceptor ? interceptor(method, forward, request) : forward())
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer)
    } catch {
      res.destroy()
    }
  }
  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    intercept: (next) => void (interceptor = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
