// Sign-in with a wallet on a plain node:http server: the siwx routes under /siwx, and one
// route that answers only a signed-in visitor. Run: npx tsx servers/siwx/examples/node.ts
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { type SiwxServer, createSiwxServer } from '../index.ts'

/**
 * The body as a stream read only as the handler asks: siwx.handle() stops at 64 KB, so a huge
 * upload is never held in memory. Cancelling leaves the socket alone, so the refusal still goes out.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]()
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = (await chunks.next()) as IteratorResult<Buffer>
      if (done) controller.close()
      else controller.enqueue(new Uint8Array(value))
    },
  })
}

/** node:http's request as a web Request, which siwx.handle() takes. */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers,
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  })
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  // A body left unread (a refused upload): close the connection after the answer instead of reading the rest.
  if (!req.complete) res.setHeader('connection', 'close')
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** The app's request listener: siwx first, then the app's own routes. */
export function nodeListener(siwx: SiwxServer) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const request = toRequest(req)
    const answered = await siwx.handle(request, '/siwx', req.socket.remoteAddress)
    if (answered) return send(req, res, answered)
    if (new URL(request.url).pathname === '/api/me') {
      const session = await siwx.session(request.headers.get('cookie'))
      if (!session) return send(req, res, Response.json({ error: 'Sign in first' }, { status: 401 }))
      return send(req, res, Response.json({ address: session.address, chainId: session.chainId }))
    }
    return send(req, res, new Response('Not found', { status: 404 }))
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const siwx = await createSiwxServer({
    database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: '.data/siwx' },
    domains: ['localhost:3000'],
    rpcUrls: { 'eip155:1': process.env.RPC_URL ?? 'https://ethereum-rpc.publicnode.com' },
  })
  createServer(nodeListener(siwx)).listen(3000, '127.0.0.1', () => console.log('http://localhost:3000'))
}
