// A tiny static server for the built demo. It sends the strict CSP the shipped kit must
// live under, so every e2e run and demo session proves the kit works with it.
import { createServer } from 'node:http'
import { listenOnLoopback } from './listen.mjs'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, isAbsolute, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

export const CSP = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; frame-src 'self' http://127.0.0.1:*"

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** Maps a URL path to a file under root, or undefined when it would escape root. */
function resolveFile(root, urlPath) {
  let decoded
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const relative = decoded === '/' ? 'index.html' : normalize(decoded).replace(/^[/\\]+/, '')
  const file = join(root, relative)
  return file.startsWith(root + sep) ? file : undefined
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end(body)
}

/** The demo's own analytics endpoint (POST /e), so the demo sends nothing off this machine. */
async function collectAnalytics(req, res, received) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  try {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    received.push({ query: Object.fromEntries(url.searchParams), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
  } catch {
    return send(res, 400, 'Bad request')
  }
  res.writeHead(204).end()
}

async function handle(root, req, res, headers, received, backend) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  if (req.method === 'POST' && req.url?.startsWith('/e?')) return collectAnalytics(req, res, received)
  if (backend?.prefixes.some((prefix) => req.url?.startsWith(prefix))) return backend.listener(req, res)
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed')
  const file = resolveFile(root, new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
  if (!file) return send(res, 404, 'Not found')
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) return send(res, 404, 'Not found')
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
  })
  if (req.method === 'HEAD') return res.end()
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}

/**
 * `backend` (optional) answers the requests under its path prefixes: the demo's sign-in
 * backend (demo/peers/siwxBackend.ts) on the page's own origin.
 */
export async function startDemoServer({ port = Number(process.env.PORT ?? 5173), root = 'dist/demo', csp = true, backend } = {}) {
  const absoluteRoot = isAbsolute(root) ? root : resolve(REPO_ROOT, root)
  const headers = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(csp ? { 'Content-Security-Policy': CSP } : {}),
  }
  const analytics = []
  const server = createServer((req, res) => {
    handle(absoluteRoot, req, res, headers, analytics, backend).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error')
      else res.destroy()
    })
  })
  const { url, close } = await listenOnLoopback(server, port)
  return { url, analytics, close }
}
