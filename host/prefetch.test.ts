// @vitest-environment jsdom
// Early requests for the modal's code: only after the page has loaded; nothing
// before the visitor could want the modal.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPENER_SELECTOR, prefetchModalCode } from './prefetch.ts'

let readyState: DocumentReadyState = 'complete'
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState })

const cancels: (() => void)[] = []
afterEach(() => {
  cancels.splice(0).forEach((cancel) => cancel())
  readyState = 'complete'
  document.body.innerHTML = ''
})

const idle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe("prefetching the modal code: 'idle', the default", () => {
  it('not before the load event, not even for an opener under the pointer; then on the first idle moment, once', async () => {
    readyState = 'loading'
    const fetchCode = vi.fn()
    cancels.push(prefetchModalCode('idle', fetchCode))
    const opener = document.body.appendChild(document.createElement('button'))
    opener.setAttribute('data-portico-opener', '')
    opener.dispatchEvent(new Event('pointerover', { bubbles: true, composed: true }))
    await idle()
    expect(fetchCode).not.toHaveBeenCalled()

    readyState = 'complete'
    window.dispatchEvent(new Event('load'))
    await idle()
    expect(fetchCode).toHaveBeenCalledTimes(1)
    opener.dispatchEvent(new Event('pointerover', { bubbles: true, composed: true }))
    await idle()
    expect(fetchCode).toHaveBeenCalledTimes(1)
  })

  it('after load, the pointer entering or focus reaching an opener requests it at once, before idle time', () => {
    for (const [type, tag] of [
      ['pointerover', 'portico-button'],
      ['focusin', 'button'],
    ] as const) {
      const fetchCode = vi.fn()
      cancels.push(prefetchModalCode('idle', fetchCode))
      const opener = document.body.appendChild(document.createElement(tag))
      if (tag === 'button') opener.setAttribute('data-portico-opener', '')
      expect(opener.matches(OPENER_SELECTOR)).toBe(true)
      const inner = opener.appendChild(document.createElement('span'))
      document.body.appendChild(document.createElement('p')).dispatchEvent(new Event(type, { bubbles: true, composed: true }))
      expect(fetchCode).not.toHaveBeenCalled()
      inner.dispatchEvent(new Event(type, { bubbles: true, composed: true }))
      expect(fetchCode, type).toHaveBeenCalledTimes(1)
    }
  })

  it('a cancelled prefetch requests nothing', async () => {
    const fetchCode = vi.fn()
    prefetchModalCode('idle', fetchCode)()
    await idle()
    expect(fetchCode).not.toHaveBeenCalled()
  })
})

const pointerReaches = (element: Element) => element.dispatchEvent(new Event('pointerover', { bubbles: true, composed: true }))
const focusReaches = (element: Element) => element.dispatchEvent(new Event('focusin', { bubbles: true, composed: true }))
const opener = () => document.body.appendChild(document.createElement('portico-button'))

describe("prefetch: 'intent'", () => {
  it('no idle fetch: nothing until the pointer reaches or focus enters an opener, then once', async () => {
    for (const reach of [pointerReaches, focusReaches]) {
      const fetchCode = vi.fn()
      cancels.push(prefetchModalCode('intent', fetchCode))
      const button = opener()
      // Idle time passes (jsdom has no requestIdleCallback: the idle fetch is a 1 ms timer).
      await idle()
      reach(document.body.appendChild(document.createElement('p')))
      expect(fetchCode).not.toHaveBeenCalled()
      reach(button)
      reach(button)
      expect(fetchCode, reach.name).toHaveBeenCalledTimes(1)
    }
  })

  it('not before the load event, even for an opener under the pointer', async () => {
    readyState = 'loading'
    const fetchCode = vi.fn()
    cancels.push(prefetchModalCode('intent', fetchCode))
    const button = opener()
    pointerReaches(button)
    expect(fetchCode).not.toHaveBeenCalled()
    readyState = 'complete'
    window.dispatchEvent(new Event('load'))
    await idle()
    expect(fetchCode).not.toHaveBeenCalled()
    pointerReaches(button)
    expect(fetchCode).toHaveBeenCalledTimes(1)
  })
})

describe("prefetch: 'none'", () => {
  it('nothing ahead of the click: not on idle time, not at an opener under the pointer or focused', async () => {
    const fetchCode = vi.fn()
    cancels.push(prefetchModalCode('none', fetchCode))
    window.dispatchEvent(new Event('load'))
    const button = opener()
    pointerReaches(button)
    focusReaches(button)
    await idle()
    expect(fetchCode).not.toHaveBeenCalled()
  })
})
