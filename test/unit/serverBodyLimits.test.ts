import { randomBytes } from 'node:crypto'
import { type Server, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../servers/api/server.ts'
import { type OpenedDatabase, openDatabase } from '../../servers/db/index.ts'
import { type FrameServer, startFrameServer } from '../../servers/frame/server.ts'
import { honoApp } from '../../servers/siwx/examples/hono.ts'
import { nodeListener } from '../../servers/siwx/examples/node.ts'
import { type SiwxServer, createSiwxServer } from '../../servers/siwx/index.ts'

// The attack: a 20 MB body to every server, once with its Content-Length and once streamed
// (chunked, no length), three times each. Each must answer 413 within 1 s and read no more than
// its limit. The servers run in this process; memory is the process's heap plus its array
// buffers (where socket data lands), sampled every 5 ms while the uploads run, from a level
// measured after a full collection. Its peak may rise by less than 16 MB, less than one body:
// bytes read and dropped (Node's own drain of an unread body) are garbage the collector has
// not yet taken, a few MB; a server that holds the body holds all 20 MB of it at once (and
// its text again: before these limits the API and the SIWX handlers peaked 21 to 81 MB up).

const MB = 1024 * 1024
const BODY = 20 * MB
const CHUNK = Buffer.alloc(64 * 1024, 'a')

interface Upload {
  status: number
  ms: number
}

/**
 * The page a server answers (its Origin passes the servers' origin checks, so the size is what
 * refuses): the sign-in server's is the app on domain 127.0.0.1, the others' their own.
 */
const allowedOrigin = (url: string) => (new URL(url).pathname.startsWith('/siwx/') ? 'http://127.0.0.1' : new URL(url).origin)

/** POSTs BODY bytes (one 64 KB chunk reused, so the client holds no copy), stopping once the answer comes. */
function upload(url: string, streamed: boolean): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const began = performance.now()
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      origin: allowedOrigin(url),
      ...(streamed ? {} : { 'content-length': String(BODY) }),
    }
    const req = request(url, { method: 'POST', headers })
    let answered = false
    let sent = 0
    req.on('response', (res) => {
      answered = true
      const ms = performance.now() - began
      res.resume()
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, ms })
      })
    })
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const pump = () => {
      while (!answered && sent < BODY) {
        sent += CHUNK.length
        if (!req.write(CHUNK)) return void req.once('drain', pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}

// The collector, to measure from a settled heap (vitest gives no --expose-gc).
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const used = () => {
  const memory = process.memoryUsage()
  return memory.heapUsed + memory.arrayBuffers
}

/** Three uploads; the answers and the peak memory above the level before them. */
async function attack(url: string, streamed: boolean): Promise<{ answers: Upload[]; peakGrowthMb: number }> {
  collect()
  const before = used()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 5)
  try {
    const answers: Upload[] = []
    for (let i = 0; i < 3; i++) answers.push(await upload(url, streamed))
    peak = Math.max(peak, used())
    return { answers, peakGrowthMb: (peak - before) / MB }
  } finally {
    clearInterval(sampler)
  }
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))

let opened: OpenedDatabase
let frame: FrameServer
let api: ApiServer
let siwx: SiwxServer
const servers: Server[] = []
const targets: Record<string, string> = {}

beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  ;[frame, api, siwx] = await Promise.all([
    startFrameServer({
      database: { db: opened.db },
      // Nothing here sends mail: every request is refused before.
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'Portico <login@portico.test>',
      keyEncryptionKey: randomBytes(32).toString('base64'),
      sessionSecret: randomBytes(32).toString('hex'),
      projects: { demo: ['http://127.0.0.1:5173'] },
    }),
    // Serving only: no node is asked anything before the body is refused.
    startApiServer({ database: { db: opened.db }, chains: [{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:1' }], origins: ['*'], index: false, log: () => {} }),
    createSiwxServer({ database: { db: opened.db }, domains: ['127.0.0.1'], rpcUrls: { 'eip155:1': 'http://127.0.0.1:1' } }),
  ])
  const nodeExample = createServer(nodeListener(siwx))
  servers.push(nodeExample)
  const honoExample = await new Promise<string>((resolve) => {
    const server = serve({ fetch: honoApp(siwx).fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(`http://127.0.0.1:${info.port}`))
    servers.push(server as Server)
  })
  Object.assign(targets, {
    'frame server, POST /v1/email/start': `${frame.url}/v1/email/start`,
    'frame server, POST /v1/social/callback (the form post a provider sends)': `${frame.url}/v1/social/callback`,
    'frame server, POST to a path it does not serve': `${frame.url}/elsewhere`,
    'Blockchain API, POST /v1/profile/account (name registration)': `${api.url}/v1/profile/account`,
    'Blockchain API, POST to a path it does not serve': `${api.url}/v1/elsewhere`,
    'SIWX in Hono (examples/hono.ts), POST /siwx/verify': `${honoExample}/siwx/verify`,
    'SIWX on node:http (examples/node.ts), POST /siwx/verify': `${await listen(nodeExample)}/siwx/verify`,
  })
}, 120_000)

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  await Promise.all([frame?.close(), api?.close(), siwx?.close()])
  await opened?.close()
})

describe('a 20 MB body to every server', () => {
  const names = [
    'frame server, POST /v1/email/start',
    'frame server, POST /v1/social/callback (the form post a provider sends)',
    'frame server, POST to a path it does not serve',
    'Blockchain API, POST /v1/profile/account (name registration)',
    'Blockchain API, POST to a path it does not serve',
    'SIWX in Hono (examples/hono.ts), POST /siwx/verify',
    'SIWX on node:http (examples/node.ts), POST /siwx/verify',
  ]
  for (const name of names) {
    for (const streamed of [false, true]) {
      it(`${name}, ${streamed ? 'streamed (chunked, no Content-Length)' : 'with its Content-Length'}: 413 within 1 s, memory flat`, async () => {
        // Once to warm up (code paths, socket pools), then the three that are measured.
        await upload(targets[name]!, streamed)
        const { answers, peakGrowthMb } = await attack(targets[name]!, streamed)
        expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413])
        for (const answer of answers) expect(answer.ms).toBeLessThan(1000)
        expect(peakGrowthMb).toBeLessThan(16)
        console.log(
          `${name}, ${streamed ? 'streamed' : 'Content-Length'}: ${answers.map((answer) => `${answer.ms.toFixed(0)} ms`).join(', ')}; peak +${peakGrowthMb.toFixed(1)} MB`,
        )
      })
    }
  }
})
