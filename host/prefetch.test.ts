// @vitest-environment jsdom
// Early requests for the modal's code: only after the page has loaded; nothing
// before the visitor could want the modal.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPENER_SELECTOR, prefetchAfterLoad } from './prefetch.ts'

let readyState: DocumentReadyState = 'complete'
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState })

const cancels: (() => void)[] = []
afterEach(() => {
  cancels.splice(0).forEach((cancel) => cancel())
  readyState = 'complete'
  document.body.innerHTML = ''
})

const idle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('prefetching the modal code', () => {
  it('not before the load event, not even for an opener under the pointer; then on the first idle moment, once', async () => {
    readyState = 'loading'
    const fetchCode = vi.fn()
    cancels.push(prefetchAfterLoad(fetchCode))
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
      cancels.push(prefetchAfterLoad(fetchCode))
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
    prefetchAfterLoad(fetchCode)()
    await idle()
    expect(fetchCode).not.toHaveBeenCalled()
  })
})
