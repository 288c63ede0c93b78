// Sign-in with a wallet on a plain node:http server: the siwx routes under /siwx, and one
// route that answers only a signed-in visitor. Run: npx tsx servers/siwx/examples/node.ts
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { type SiwxServer, createSiwxServer } from '../index.ts'

/** node:http's request as a web Request, which siwx.handle() takes. */
async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** The app's request listener: siwx first, then the app's own routes. */
export function nodeListener(siwx: SiwxServer) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const request = await toRequest(req)
    const answered = await siwx.handle(request)
    if (answered) return send(res, answered)
    if (new URL(request.url).pathname === '/api/me') {
      const session = await siwx.session(request.headers.get('cookie'))
      if (!session) return send(res, Response.json({ error: 'Sign in first' }, { status: 401 }))
      return send(res, Response.json({ address: session.address, chainId: session.chainId }))
    }
    return send(res, new Response('Not found', { status: 404 }))
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
