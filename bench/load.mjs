// Plain ESM (bench/servers.mjs runs it as is); types in load.d.mts.
// The load generator of bench/servers.mjs: a number of connections each repeating a step (one
// or more requests) until a request count or a duration is reached, with every request's time
// and status recorded per route. Keep-alive node:http sockets, at most one request on each.
import http from 'node:http'

/**
 * Requests over keep-alive sockets, at most `connections` open to one origin (one per
 * connection of runLoad: a connection waits for its answer before it asks again).
 */
export function httpClient(connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  return {
    request(url, { method = 'GET', headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : Buffer.from(body)
        const request = http.request(url, { method, agent, headers: payload ? { ...headers, 'content-length': payload.length } : headers }, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
          response.on('error', reject)
        })
        request.on('error', reject)
        request.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}

/** Milliseconds at the fraction `p` of the sorted times (nearest rank). */
function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits

function summarize(route, seconds) {
  const sorted = Float64Array.from(route.times).sort()
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds, 1),
    p50Ms: round(percentile(sorted, 0.5), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    non2xx: route.non2xx,
    unanswered: route.unanswered,
    statuses: route.statuses,
  }
}

/**
 * Runs `connections` loops at once, each calling `step(connection, measure)` over and over,
 * until `requests` requests were started or `durationMs` passed, whichever comes first (a
 * step already running ends first, so a step of several requests may pass the count by a
 * few). A step returning false ends its own loop (a chain it cannot go on with).
 * `measure(route, send)` times `send()` (a promise of `{ status }`), counts its status, and
 * gives its answer back, or undefined when it threw (no answer: counted as unanswered).
 */
export async function runLoad({ connections, requests = Infinity, durationMs = Infinity, step }) {
  if (requests === Infinity && durationMs === Infinity) throw new Error('runLoad: give requests or durationMs, or it would not stop')
  const routes = new Map()
  let started = 0
  const startedAt = performance.now()
  const deadline = startedAt + durationMs
  const more = () => started < requests && performance.now() < deadline
  const measure = async (route, send) => {
    started++
    if (!routes.has(route)) routes.set(route, { times: [], non2xx: 0, unanswered: 0, statuses: {} })
    const figures = routes.get(route)
    const sent = performance.now()
    try {
      const answer = await send()
      figures.times.push(performance.now() - sent)
      figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1
      if (answer.status < 200 || answer.status > 299) figures.non2xx++
      return answer
    } catch {
      figures.times.push(performance.now() - sent)
      figures.unanswered++
      return undefined
    }
  }
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (more()) if ((await step(connection, measure)) === false) break
    }),
  )
  const seconds = (performance.now() - startedAt) / 1000
  return {
    seconds: round(seconds, 2),
    requests: started,
    routes: Object.fromEntries([...routes].map(([name, route]) => [name, summarize(route, seconds)])),
  }
}
