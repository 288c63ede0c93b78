import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { httpClient, runLoad } from '../../bench/load.mjs'

// The load loop of `npm run bench`'s servers step (bench/load.mjs) against a tiny server on
// 127.0.0.1: it stops by itself at its request count or its duration, and counts every
// answer outside 2xx.

let server: Server
let url: string
/** Requests the server received, and how many of them it refused. */
let received = 0
let refused = 0

beforeAll(async () => {
  server = createServer((_request, response) => {
    received++
    // Every fifth request is refused, whatever the connection.
    if (received % 5 === 0) {
      refused++
      response.writeHead(503).end('busy')
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

it('stops at its request count, and counts the answers outside 2xx', async () => {
  received = 0
  refused = 0
  const client = httpClient(4)
  try {
    const result = await runLoad({ connections: 4, requests: 50, step: (_, measure) => measure('/', () => client.request(url)) })
    expect(received).toBe(50)
    expect(refused).toBe(10)
    expect(result.requests).toBe(50)
    expect(result.routes['/']).toMatchObject({ requests: 50, non2xx: 10, unanswered: 0, statuses: { 200: 40, 503: 10 } })
    // Nothing is still being sent once it resolved.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received).toBe(50)
  } finally {
    client.close()
  }
})

it('stops at its duration when no count is given', async () => {
  received = 0
  const client = httpClient(2)
  try {
    const started = performance.now()
    const result = await runLoad({ connections: 2, durationMs: 300, step: (_, measure) => measure('/', () => client.request(url)) })
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(300)
    // A loaded 2-core machine may answer a last request late, but the loop does not go on.
    expect(elapsed).toBeLessThan(10_000)
    expect(result.requests).toBe(received)
    const afterwards = received
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received).toBe(afterwards)
  } finally {
    client.close()
  }
})

it('counts a request nobody answered, and a step returning false ends its connection', async () => {
  const client = httpClient(1)
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`
  await new Promise((resolve) => closed.close(resolve))
  try {
    const result = await runLoad({
      connections: 3,
      requests: 100,
      step: async (_, measure) => (await measure('nowhere', () => client.request(nowhere))) !== undefined,
    })
    // Each of the 3 connections ends after its first request, which got no answer.
    expect(result.requests).toBe(3)
    expect(result.routes.nowhere).toMatchObject({ requests: 3, unanswered: 3, non2xx: 0 })
  } finally {
    client.close()
  }
})

it('refuses to run with neither a count nor a duration: it would never stop', async () => {
  await expect(runLoad({ connections: 1, step: async () => {} })).rejects.toThrow('give requests or durationMs')
})
