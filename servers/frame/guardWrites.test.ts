import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameTestContext } from '../../test/unit/frameContext.ts'
import { type OpenedDatabase, openDatabase } from '../db/index.ts'
import { createFrameApp } from './app.ts'

// The frame API's writes: from the frame page's own origin, as JSON; the device-approval page's
// form posts from that origin; Apple's form_post from anywhere. (The attack on every route is
// test/unit/crossSiteWrites.test.ts.)

const FRAME = 'https://frame.example.com'
const HOST = 'https://app.example.com'
let opened: OpenedDatabase
let app: ReturnType<typeof createFrameApp>
beforeAll(async () => {
  opened = await openDatabase({ memory: true })
  // No request here gets to send a mail.
  app = createFrameApp(frameTestContext({ db: opened.db, smtpUrl: 'smtp://127.0.0.1:1', publicUrl: FRAME, hostOrigins: [HOST] }))
})
afterAll(async () => {
  await opened?.close()
})

const send = async (method: string, path: string, headers: Record<string, string>, body = '{}') => {
  const response = await app.request(path, { method, headers, body: method === 'GET' ? undefined : body })
  return [response.status, ((await response.json().catch(() => ({}))) as { error?: string }).error]
}

describe('frame API writes', () => {
  it("take JSON from the frame page's origin only: the host page itself is refused, and so are other types", async () => {
    // Past the check, the empty body fails the route's schema: a 400 from the route itself.
    expect(await send('POST', '/v1/email/start', { origin: FRAME, 'content-type': 'application/json; charset=UTF-8' })).toEqual([400, expect.stringMatching(/^Invalid request: /)])
    expect(await send('PUT', '/v1/wallets', { origin: FRAME, 'content-type': 'application/json' })).toEqual([400, expect.stringMatching(/^Invalid request: /)])
    // The host page talks to the frame by postMessage, never to this API: its origin may not write.
    expect(await send('POST', '/v1/email/start', { origin: HOST, 'content-type': 'application/json' })).toEqual([403, 'Unauthorized: origin not allowed'])
    expect(await send('POST', '/v1/session/refresh', { 'content-type': 'application/json' })).toEqual([403, 'Unauthorized: origin not allowed'])
    expect(await send('POST', '/v1/session/refresh', { origin: 'http://frame.example.com', 'content-type': 'application/json' })).toEqual([403, 'Unauthorized: origin not allowed'])
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect(await send('POST', '/v1/email/verify', { origin: FRAME, 'content-type': type })).toEqual([415, 'Invalid request: the body must be application/json'])
    }
    expect(await send('PUT', '/v1/wallets', { origin: FRAME })).toEqual([415, 'Invalid request: the body must be application/json'])
  })

  it('let the device-approval page post its forms from the frame origin, and Apple post its form_post from anywhere', async () => {
    const form = 'application/x-www-form-urlencoded'
    for (const path of ['/v1/device/approve', '/v1/device/refuse']) {
      // A token of the right shape that no link has: the route itself answers 400 once the check lets the post through.
      const [status] = await send('POST', path, { origin: FRAME, 'content-type': form }, `token=${'a'.repeat(43)}`)
      expect([path, status]).toEqual([path, 400])
      expect(await send('POST', path, { origin: HOST, 'content-type': form }, 'token=x')).toEqual([403, 'Unauthorized: origin not allowed'])
      expect(await send('POST', path, { 'content-type': form }, 'token=x')).toEqual([403, 'Unauthorized: origin not allowed'])
    }
    // Without the login's state the callback refuses on its own (a 400); the check let it through.
    expect((await send('POST', '/v1/social/callback', { origin: 'https://appleid.apple.com', 'content-type': form }, 'code=abc&state=def'))[0]).toBe(400)
  })

  it('leave reads alone: a GET needs no Origin', async () => {
    expect(await send('GET', '/v1/me?projectId=project-1', {})).toEqual([400, expect.stringMatching(/^Invalid request: hostOrigin/)])
  })
})
