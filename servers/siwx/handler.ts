import { checkStateChange, describeRefusal } from '../common/stateChange.ts'
import { SiwxLimitError, SiwxUnavailableError, type SiwxRefusal, type SiwxServer } from './types.ts'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } })

// A body that cannot be a sign-in is a 400; every other refusal says the visitor is not signed in.
const statusOf = (reason: SiwxRefusal) => (reason === 'MALFORMED' ? 400 : 401)
const MAX_BODY = 64 * 1024

type Route = { method: 'GET' | 'POST'; answer: (server: SiwxServer, request: Request, clientAddress: string | undefined) => Promise<Response> }

const routes: Record<string, Route> = {
  '/nonce': {
    method: 'GET',
    answer: async (server, _, clientAddress) => {
      try {
        const { nonce, setCookie } = await server.nonce(clientAddress)
        return json(200, { nonce }, { 'set-cookie': setCookie })
      } catch (error) {
        if (!(error instanceof SiwxLimitError)) throw error
        return json(429, { reason: 'RATE_LIMITED', detail: error.message }, { 'retry-after': String(error.retryAfterSeconds) })
      }
    },
  },
  '/session': {
    method: 'GET',
    answer: async (server, request) => json(200, { session: await server.session(request.headers.get('cookie')) }),
  },
  '/signout': {
    method: 'POST',
    answer: async (server, request) => {
      const { setCookie } = await server.signOut(request.headers.get('cookie'))
      return new Response(null, { status: 204, headers: { 'set-cookie': setCookie, 'cache-control': 'no-store' } })
    },
  },
  '/verify': {
    method: 'POST',
    answer: async (server, request) => {
      const body = await readJson(request)
      if (body === TOO_LARGE) return json(413, { reason: 'MALFORMED', detail: 'the body is larger than 64 KB' })
      if (body === undefined) return json(400, { reason: 'MALFORMED', detail: 'the body must be JSON of at most 64 KB' })
      try {
        const result = await server.verify(body as { message: string; signature: string }, request.headers.get('cookie'))
        if (!result.ok) return json(statusOf(result.reason), { reason: result.reason, detail: result.detail })
        return json(200, { session: result.session }, { 'set-cookie': result.setCookie })
      } catch (error) {
        // The chain's node is down: no verdict on the signature, so a retry may succeed.
        if (error instanceof SiwxUnavailableError) return json(503, { reason: 'UNAVAILABLE', detail: error.message })
        throw error
      }
    },
  },
}

/** The paths handle() answers under its base, with their methods (tests walk every route from it). */
export const SIWX_ROUTES: readonly { readonly path: string; readonly method: 'GET' | 'POST' }[] = Object.entries(routes).map(([path, route]) => ({ path, method: route.method }))

const TOO_LARGE = Symbol('too large')

/**
 * The body as JSON, read no further than 64 KB: a larger Content-Length is refused unread, and a
 * streamed body is cancelled at the chunk that passes the limit. Undefined when it is not JSON.
 */
async function readJson(request: Request): Promise<unknown> {
  if (Number(request.headers.get('content-length')) > MAX_BODY) return TOO_LARGE
  if (request.body === null) return undefined
  const reader = request.body.getReader()
  const bytes = new Uint8Array(MAX_BODY)
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > MAX_BODY) {
      reader.cancel().catch(() => undefined)
      return TOO_LARGE
    }
    bytes.set(value, size)
    size += value.byteLength
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(0, size))) as unknown
  } catch {
    return undefined
  }
}

/**
 * A request the app's own pages did not send: a POST from another origin or with a body other than
 * JSON (what a form on another site can send), or a nonce asked for by another site. A GET from the
 * page's own origin carries no Origin header, so the nonce route goes by Sec-Fetch-Site there.
 */
function refuseForeign(request: Request, origins: ReadonlySet<string>): Response | undefined {
  const refusal = checkStateChange(request.method, request.headers, { allowsOrigin: (origin) => origins.has(origin), json: true })
  if (refusal?.status === 403) return json(403, { reason: 'ORIGIN_NOT_ALLOWED', detail: describeRefusal(refusal) })
  if (refusal?.status === 415) return json(415, { reason: 'NOT_JSON', detail: describeRefusal(refusal) })
  const origin = request.headers.get('origin')
  if ((origin !== null && !origins.has(origin)) || request.headers.get('sec-fetch-site') === 'cross-site') {
    return json(403, { reason: 'ORIGIN_NOT_ALLOWED', detail: `another site may not ask for a sign-in (Origin: ${origin ?? 'none'})` })
  }
  return undefined
}

/** The web-standard handler behind SiwxServer.handle: undefined for paths it does not own. */
export async function handleSiwx(
  server: SiwxServer,
  request: Request,
  base: string,
  origins: ReadonlySet<string>,
  clientAddress: string | undefined,
): Promise<Response | undefined> {
  const path = new URL(request.url).pathname
  const prefix = base.replace(/\/+$/, '')
  if (!path.startsWith(`${prefix}/`)) return undefined
  const route = Object.hasOwn(routes, path.slice(prefix.length)) ? routes[path.slice(prefix.length)] : undefined
  if (route === undefined) return undefined
  if (request.method !== route.method) {
    return json(405, { reason: 'MALFORMED', detail: `use ${route.method}` }, { allow: route.method })
  }
  return refuseForeign(request, origins) ?? route.answer(server, request, clientAddress)
}
