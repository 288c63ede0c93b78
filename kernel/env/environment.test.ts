import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserEnvironment } from './environment.ts'

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1'
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('environment (mobile, Telegram, iOS Safari)', () => {
  it('without a window (Node, server rendering) nothing is mobile, Telegram or iOS Safari, and nothing throws', () => {
    vi.stubGlobal('navigator', undefined)
    vi.stubGlobal('matchMedia', undefined)
    const env = browserEnvironment()
    expect(env.isMobile()).toBe(false)
    expect(env.isTelegram()).toBe(false)
    expect(env.isIosSafari()).toBe(false)
  })

  it('a phone user agent counts as mobile', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_SAFARI })
    expect(browserEnvironment().isMobile()).toBe(true)
  })

  it('a coarse pointer counts as mobile even with a desktop user agent', () => {
    vi.stubGlobal('navigator', { userAgent: DESKTOP_CHROME })
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }))
    expect(browserEnvironment().isMobile()).toBe(true)
  })

  it('a desktop browser with a fine pointer is not mobile', () => {
    vi.stubGlobal('navigator', { userAgent: DESKTOP_CHROME })
    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    expect(browserEnvironment().isMobile()).toBe(false)
  })

  it('iOS Safari is recognised; Chrome on iOS is not Safari', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_SAFARI })
    expect(browserEnvironment().isIosSafari()).toBe(true)
    vi.stubGlobal('navigator', { userAgent: IPHONE_CHROME })
    expect(browserEnvironment().isIosSafari()).toBe(false)
  })

  it('a Telegram mini app is recognised by Telegram.WebApp', () => {
    vi.stubGlobal('Telegram', { WebApp: {} })
    expect(browserEnvironment().isTelegram()).toBe(true)
    vi.stubGlobal('Telegram', {})
    expect(browserEnvironment().isTelegram()).toBe(false)
  })
})
