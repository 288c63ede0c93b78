// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchVisibility } from './visibilityGuard.ts'

// jsdom has no IntersectionObserver: this one stands in for the browser's, reporting what a
// test says. Real Chromium runs the guard in test/e2e/frame.e2e.test.ts (covered, uncovered,
// without v2, partly out of view); what it cannot do there is hide the tab, done here.
let report: ((entry: Partial<IntersectionObserverEntry> & { isVisible?: boolean }) => void) | undefined
let options: (IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }) | undefined
class FakeIntersectionObserver {
  constructor(callback: (entries: unknown[]) => void, init: typeof options) {
    options = init
    report = (entry) => callback([entry])
  }
  observe() {}
  disconnect() {
    report = undefined
  }
}
/** IntersectionObserver v2 is detected by isVisible on the entry's prototype. */
class EntryWithVisibility {
  get isVisible() {
    return false
  }
}
let hidden = false

beforeEach(() => {
  vi.useFakeTimers()
  Object.assign(window, { IntersectionObserver: FakeIntersectionObserver, IntersectionObserverEntry: EntryWithVisibility })
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
  hidden = false
})
afterEach(() => {
  vi.useRealTimers()
})

const setHidden = (value: boolean) => {
  hidden = value
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('watchVisibility', () => {
  it('asks IntersectionObserver v2 to track visibility every 100 ms, whole (ratio 1)', () => {
    watchVisibility(document.body, () => undefined)
    expect(options).toMatchObject({ trackVisibility: true, delay: 100, threshold: [0, 1] })
  })

  it('visible only after 500 ms of being whole and uncovered; covered, at once not', () => {
    const states: boolean[] = []
    watchVisibility(document.body, (visible) => states.push(visible))
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: true })
    vi.advanceTimersByTime(499)
    expect(states).toEqual([false])
    vi.advanceTimersByTime(1)
    expect(states).toEqual([false, true])
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: false })
    expect(states).toEqual([false, true, false])
  })

  it('a cover lifted for less than 500 ms never turns it on; partly out of view is not visible', () => {
    const states: boolean[] = []
    watchVisibility(document.body, (visible) => states.push(visible))
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: true })
    vi.advanceTimersByTime(400)
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: false })
    vi.advanceTimersByTime(400)
    report!({ isIntersecting: true, intersectionRatio: 0.6, isVisible: true })
    vi.advanceTimersByTime(1_000)
    expect(states).toEqual([false])
  })

  it('a hidden tab turns it off, and back in view it waits 500 ms again', () => {
    const states: boolean[] = []
    watchVisibility(document.body, (visible) => states.push(visible))
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: true })
    vi.advanceTimersByTime(500)
    setHidden(true)
    expect(states).toEqual([false, true, false])
    setHidden(false)
    vi.advanceTimersByTime(499)
    expect(states).toEqual([false, true, false])
    vi.advanceTimersByTime(1)
    expect(states).toEqual([false, true, false, true])
  })

  it('without v2 (no isVisible), being whole in view for 500 ms is enough', () => {
    Object.assign(window, { IntersectionObserverEntry: class {} })
    const states: boolean[] = []
    watchVisibility(document.body, (visible) => states.push(visible))
    expect(options?.trackVisibility).toBe(false)
    report!({ isIntersecting: true, intersectionRatio: 1 })
    vi.advanceTimersByTime(500)
    expect(states).toEqual([false, true])
  })

  it('stopped, it reports nothing more', () => {
    const states: boolean[] = []
    const stop = watchVisibility(document.body, (visible) => states.push(visible))
    report!({ isIntersecting: true, intersectionRatio: 1, isVisible: true })
    stop()
    vi.advanceTimersByTime(1_000)
    setHidden(true)
    expect(states).toEqual([false])
  })
})
