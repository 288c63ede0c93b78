// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameClient, type FrameClient } from './frameClient.ts'

// jsdom does not run the cross-origin page, so these tests play the frame's part: they
// read what the client posts to the iframe's window and dispatch the frame's messages
// with the origin and source a browser would give them.
const FRAME_URL = 'http://127.0.0.1:8700'
const FRAME_ORIGIN = 'http://127.0.0.1:8700'

let client: FrameClient | undefined

afterEach(() => {
  client?.dispose()
  client = undefined
  vi.useRealTimers()
  document.body.replaceChildren()
})

function iframe(): HTMLIFrameElement {
  const element = document.getElementById('w3m-iframe')
  if (!(element instanceof HTMLIFrameElement)) throw new Error('no iframe')
  return element
}

function fromFrame(data: unknown, init: { origin?: string; source?: Window | null } = {}): void {
  const source = 'source' in init ? init.source : iframe().contentWindow
  window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? FRAME_ORIGIN, source }))
}

/** Every message the client posted to the iframe, with its target origin. */
function posted(): { message: { id: string; type: string; payload: unknown }; targetOrigin: string }[] {
  const spy = (iframe().contentWindow as unknown as { __posted?: { message: never; targetOrigin: string }[] }).__posted
  return spy ?? []
}

function recordPosts(): void {
  const target = iframe().contentWindow as Window & { __posted?: unknown[] }
  target.__posted = []
  target.postMessage = ((message: unknown, targetOrigin: string) => {
    target.__posted!.push({ message, targetOrigin })
  }) as Window['postMessage']
}

async function loaded(): Promise<FrameClient> {
  vi.useFakeTimers()
  client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'project-1', chainId: 31337 })
  const loading = client.load()
  recordPosts()
  fromFrame({ type: '@portico-frame/READY', payload: { version: 4 } })
  await vi.advanceTimersByTimeAsync(500)
  await loading
  return client
}

describe('the iframe', () => {
  it('is hidden, id w3m-iframe, z-index 999999, with projectId, chainId, version 4 and enableLogger in its src', () => {
    client = createFrameClient({ frameUrl: `${FRAME_URL}/`, projectId: 'p 1', chainId: 'solana:5eyk', enableLogger: true })
    void client.load().catch(() => undefined)
    const element = iframe()
    const src = new URL(element.src)
    expect(src.origin + src.pathname).toBe(`${FRAME_ORIGIN}/frame`)
    expect(Object.fromEntries(src.searchParams)).toEqual({ projectId: 'p 1', chainId: 'solana:5eyk', version: '4', enableLogger: 'true' })
    expect(element.style.zIndex).toBe('999999')
    expect(element.style.visibility).toBe('hidden')
    expect(element.style.pointerEvents).toBe('none')
    expect([element.style.width, element.style.height]).toEqual(['0px', '0px'])
  })

  it('load() resolves 500 ms after READY, not before, and is idempotent', async () => {
    vi.useFakeTimers()
    client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1 })
    const first = client.load()
    expect(client.load()).toBe(first)
    let done = false
    void first.then(() => (done = true))
    fromFrame({ type: '@portico-frame/READY', payload: { version: 4 } })
    await vi.advanceTimersByTimeAsync(499)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })

  it("rejects 'Unable to load email login dependency' when READY does not come, removes the iframe, and a retry starts over", async () => {
    vi.useFakeTimers()
    client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1 })
    const loading = client.load()
    const outcome = loading.catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(15_000)
    expect((await outcome) as Error).toMatchObject({ shortMessage: 'Unable to load email login dependency' })
    expect(document.getElementById('w3m-iframe')).toBeNull()
    const retry = client.load()
    expect(retry).not.toBe(loading)
    void retry.catch(() => undefined)
    expect(document.getElementById('w3m-iframe')).not.toBeNull()
  })

  it('a frame whose page loaded without READY fails 3 s after its load event, not a moment before; a READY in time clears that clock', async () => {
    vi.useFakeTimers()
    client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1 })
    let settled = false
    const outcome = client.load().then(
      () => (settled = true),
      (error: Error) => ((settled = true), error),
    )
    iframe().dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(2_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ shortMessage: 'Unable to load email login dependency' })
    expect(document.getElementById('w3m-iframe')).toBeNull()

    const again = client.load()
    iframe().dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(2_900)
    fromFrame({ type: '@portico-frame/READY', payload: { version: 4 } })
    await vi.advanceTimersByTimeAsync(3_000)
    await expect(again).resolves.toBeUndefined()
    expect(document.getElementById('w3m-iframe')).not.toBeNull()
  })

  it('a READY of another protocol version is dropped, so the frame never counts as loaded', async () => {
    vi.useFakeTimers()
    client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1 })
    const outcome = client.load().catch((error: Error) => error)
    fromFrame({ type: '@portico-frame/READY', payload: { version: 3 } })
    expect(client.dropped).toBe(1)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(await outcome).toMatchObject({ shortMessage: 'Unable to load email login dependency' })
  })
})

describe('requests and replies', () => {
  it("before load(): 'W3mFrame: iframe is not set'", async () => {
    client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1 })
    await expect(client.request('SIGN_OUT', undefined)).rejects.toMatchObject({ shortMessage: 'W3mFrame: iframe is not set' })
  })

  it('each request carries a fresh random id and its type, goes to the exact frame origin, and its reply is matched by id', async () => {
    const frame = await loaded()
    const a = frame.request('CONNECT_EMAIL', { email: 'a@example.com' })
    const b = frame.request('GET_CHAIN_ID', undefined)
    const [first, second] = posted()
    expect(first!.message).toMatchObject({ type: '@portico-app/CONNECT_EMAIL', payload: { email: 'a@example.com' } })
    expect(second!.message.type).toBe('@portico-app/GET_CHAIN_ID')
    expect(first!.message.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(first!.message.id).not.toBe(second!.message.id)
    expect(posted().map((p) => p.targetOrigin)).toEqual([FRAME_ORIGIN, FRAME_ORIGIN])
    // Answered in the other order: each reply finds its own request.
    fromFrame({ id: second!.message.id, type: '@portico-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } })
    fromFrame({ id: first!.message.id, type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    await expect(a).resolves.toEqual({ action: 'VERIFY_OTP' })
    await expect(b).resolves.toEqual({ chainId: 31337 })
    expect(frame.dropped).toBe(0)
  })

  it('an _ERROR reply rejects with its message (or the fallback text)', async () => {
    const frame = await loaded()
    const a = frame.request('CONNECT_OTP', { otp: '123456' })
    const b = frame.request('SIGN_OUT', undefined)
    const [first, second] = posted()
    fromFrame({ id: first!.message.id, type: '@portico-frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } })
    fromFrame({ id: second!.message.id, type: '@portico-frame/SIGN_OUT_ERROR', payload: { message: '' } })
    await expect(a).rejects.toMatchObject({ name: 'PorticoError', shortMessage: 'Invalid code' })
    await expect(b).rejects.toMatchObject({ shortMessage: 'An error occurred' })
  })

  it('a payload the protocol refuses is not posted', async () => {
    const frame = await loaded()
    await expect(frame.request('CONNECT_OTP', { otp: '12' })).rejects.toThrow(/invalid CONNECT_OTP payload/)
    expect(posted()).toHaveLength(0)
  })
})

describe('the email address rule on the host (SPEC §5: connect and update-email payloads)', () => {
  const NOT_EMAILS = [
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@@example.com',
    'ada lovelace@example.com',
    'ada@example',
    // 259 characters: past the 254 an address may have.
    `${'a'.repeat(64)}@${'b'.repeat(186)}.example`,
  ]

  it.each(['CONNECT_EMAIL', 'UPDATE_EMAIL'] as const)('%s: what is not an email address never leaves the host; a valid one goes, trimmed', async (name) => {
    const frame = await loaded()
    for (const email of NOT_EMAILS) {
      await expect(frame.request(name, { email }), email).rejects.toThrow(`invalid ${name} payload`)
    }
    expect(posted()).toHaveLength(0)
    frame.request(name, { email: '  ada@example.com ' }).catch(() => undefined)
    expect(posted().map((p) => p.message.payload)).toEqual([{ email: 'ada@example.com' }])
  })
})

describe('what reaches no handler (dropped and counted)', () => {
  it('a valid reply from a wrong origin, from a wrong source, or of a wrong shape', async () => {
    const frame = await loaded()
    const events: unknown[] = []
    frame.subscribe((event) => events.push(event))
    let settled = false
    const reply = frame.request('GET_CHAIN_ID', undefined).finally(() => (settled = true))
    const id = posted()[0]!.message.id
    const valid = { id, type: '@portico-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }
    const otherWindow = document.createElement('iframe')
    document.body.append(otherWindow)

    fromFrame(valid, { origin: 'http://127.0.0.1:9999' })
    fromFrame(valid, { origin: 'http://evil.example' })
    fromFrame(valid, { source: otherWindow.contentWindow })
    fromFrame(valid, { source: window })
    fromFrame(valid, { source: null })
    fromFrame({ type: '@portico-frame/SESSION_UPDATE', payload: { token: 't' } }, { origin: 'http://evil.example' })
    fromFrame({ ...valid, type: '@portico-frame/SIGN_OUT_SUCCESS' })
    fromFrame({ ...valid, id: 'another-request-id' })
    fromFrame({ type: '@portico-frame/NOT_AN_EVENT', payload: {} })
    fromFrame('a string')
    await vi.advanceTimersByTimeAsync(0)
    expect(frame.dropped).toBe(10)
    expect(settled).toBe(false)
    expect(events).toEqual([])

    fromFrame({ type: '@portico-frame/SESSION_UPDATE', payload: { token: 't' } })
    fromFrame(valid)
    await expect(reply).resolves.toEqual({ chainId: 1 })
    expect(events).toEqual([{ type: '@portico-frame/SESSION_UPDATE', payload: { token: 't' } }])
    expect(frame.dropped).toBe(10)
  })

  it('a malformed payload for a pending request fails that request and counts as dropped', async () => {
    const frame = await loaded()
    const reply = frame.request('GET_CHAIN_ID', undefined)
    fromFrame({ id: posted()[0]!.message.id, type: '@portico-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: [] } })
    await expect(reply).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
    expect(frame.dropped).toBe(1)
  })

  it('a login page URL (social redirect, Farcaster) that is not http(s) fails the request: the host never navigates to javascript: or data:', async () => {
    const frame = await loaded()
    const cases = [
      ['GET_SOCIAL_REDIRECT_URI', 'uri', 'javascript:opener.document.title="x"'],
      ['GET_SOCIAL_REDIRECT_URI', 'uri', 'data:text/html,<script>opener.x=1</script>'],
      ['GET_FARCASTER_URI', 'url', 'JavaScript:alert(1)'],
    ] as const
    for (const [name, field, url] of cases) {
      const reply = name === 'GET_SOCIAL_REDIRECT_URI' ? frame.request(name, { provider: 'google', returnUrl: 'http://127.0.0.1/' }) : frame.request(name, undefined)
      fromFrame({ id: posted().at(-1)!.message.id, type: `@portico-frame/${name}_SUCCESS`, payload: { [field]: url } })
      await expect(reply).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
    }
    const ok = frame.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnUrl: 'http://127.0.0.1/' })
    fromFrame({ id: posted().at(-1)!.message.id, type: '@portico-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS', payload: { uri: 'https://accounts.example/auth?x=1' } })
    await expect(ok).resolves.toEqual({ uri: 'https://accounts.example/auth?x=1' })
  })
})

describe('abort and timeout', () => {
  it("an aborted request rejects 'Request was aborted' and its late reply is dropped", async () => {
    const frame = await loaded()
    const controller = new AbortController()
    const reply = frame.request('CONNECT_DEVICE', undefined, { signal: controller.signal })
    controller.abort()
    await expect(reply).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    fromFrame({ id: posted()[0]!.message.id, type: '@portico-frame/CONNECT_DEVICE_SUCCESS', payload: {} })
    expect(frame.dropped).toBe(1)
  })

  it('after its timeout (30 s here) a request calls onTimeout, then aborts; not a moment before', async () => {
    const frame = await loaded()
    const onTimeout = vi.fn()
    const outcome = frame.request('CONNECT_EMAIL', { email: 'a@example.com' }, { timeoutMs: 30_000, onTimeout }).catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onTimeout).toHaveBeenCalledTimes(1)
    expect(await outcome).toMatchObject({ shortMessage: 'Request was aborted' })
    fromFrame({ id: posted()[0]!.message.id, type: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    expect(frame.dropped).toBe(1)
  })

  it('a second READY (the frame reloaded) aborts what was pending; dispose aborts too', async () => {
    const frame = await loaded()
    const before = frame.request('GET_USER', { chainId: 1 })
    fromFrame({ type: '@portico-frame/READY', payload: { version: 4 } })
    await expect(before).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    const after = frame.request('GET_USER', { chainId: 1 })
    frame.dispose()
    await expect(after).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    expect(document.getElementById('w3m-iframe')).toBeNull()
  })
})

describe('show and hide', () => {
  it('show() puts the iframe over the anchor, visible and clickable; hide() makes it hidden and inert again', async () => {
    const frame = await loaded()
    const anchor = document.createElement('div')
    anchor.getBoundingClientRect = () => ({ top: 40, left: 30, width: 360, height: 420, right: 390, bottom: 460, x: 30, y: 40, toJSON: () => ({}) })
    document.body.append(anchor)
    // jsdom has no layout: the iframe lands where its style puts it, as in a browser without transforms.
    const element = iframe()
    element.getBoundingClientRect = () => DOMRect.fromRect({ x: parseFloat(element.style.left), y: parseFloat(element.style.top) })
    frame.show(anchor)
    const style = iframe().style
    expect([style.top, style.left, style.width, style.height]).toEqual(['40px', '30px', '360px', '420px'])
    expect([style.visibility, style.pointerEvents, style.zIndex]).toEqual(['visible', 'auto', '999999'])
    frame.hide()
    expect([style.width, style.height, style.visibility, style.pointerEvents]).toEqual(['0px', '0px', 'hidden', 'none'])
  })
})
