import { describe, expect, it, vi } from 'vitest'
import { createSocialResultInbox } from './socialResult.ts'

// The frame's inbox for a popup login's result: a window stand-in whose 'message' events the
// test dispatches, as the browser would, with their origin and source.

const FRAME = 'http://127.0.0.1:8700'
// 32 random bytes, base64url: 43 characters.
const RESULT = `${'Rr7_-Qx2'.repeat(5)}abc`

function setup() {
  let listener: ((event: MessageEvent) => void) | undefined
  const inbox = createSocialResultInbox({ location: { origin: FRAME }, addEventListener: (_type, l) => void (listener = l) })
  const source = { postMessage: vi.fn() }
  const deliver = (origin: string, data: unknown) => listener!({ origin, data, source } as unknown as MessageEvent)
  return { inbox, source, deliver }
}

describe('the social result inbox', () => {
  it('takes the result of the popup on its own origin, once, while a popup login is pending, and acks to that window on its origin', () => {
    const t = setup()
    t.inbox.expect()
    t.deliver(FRAME, { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    expect(t.source.postMessage).toHaveBeenCalledWith({ type: '@portico-frame/SOCIAL_RESULT_ACK' }, FRAME)
    expect(t.inbox.take()).toBe(RESULT)
    expect(t.inbox.take()).toBeUndefined()
  })

  it('ignores a result from another origin (the host page, the provider), a malformed one, and any when no popup login is pending', () => {
    const t = setup()
    // Nothing pending.
    t.deliver(FRAME, { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    t.inbox.expect()
    t.deliver('http://127.0.0.1:5173', { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    t.deliver('http://127.0.0.1:9000', { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    t.deliver(FRAME, { type: '@portico-frame/SOCIAL_RESULT', result: 'short' })
    t.deliver(FRAME, { type: '@portico-frame/OTHER', result: RESULT })
    expect(t.source.postMessage).not.toHaveBeenCalled()
    expect(t.inbox.take()).toBeUndefined()
    // Taking ends the pending login: a late result is not kept.
    t.deliver(FRAME, { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    expect(t.inbox.take()).toBeUndefined()
  })

  it('a new login drops the result of an earlier one that was never redeemed', () => {
    const t = setup()
    t.inbox.expect()
    t.deliver(FRAME, { type: '@portico-frame/SOCIAL_RESULT', result: RESULT })
    t.inbox.expect()
    expect(t.inbox.take()).toBeUndefined()
  })
})
