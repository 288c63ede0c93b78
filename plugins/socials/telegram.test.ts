import { describe, expect, it } from 'vitest'
import { visibleSocials } from './telegram.ts'

// SPEC §5: inside Telegram, google is hidden on iOS, x on Mac, facebook and x on Android.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
const telegram = { isTelegram: () => true }
const browser = { isTelegram: () => false }

describe('socials inside Telegram', () => {
  it('hides google on iOS', () => {
    expect(visibleSocials(DEFAULT_SOCIALS, telegram, IPHONE)).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('hides x on Mac', () => {
    expect(visibleSocials(DEFAULT_SOCIALS, telegram, MAC)).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('hides facebook and x on Android', () => {
    expect(visibleSocials(DEFAULT_SOCIALS, telegram, ANDROID)).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })

  it('hides nothing on another platform, and nothing outside Telegram on any platform', () => {
    expect(visibleSocials(DEFAULT_SOCIALS, telegram, WINDOWS)).toEqual([...DEFAULT_SOCIALS])
    for (const ua of [IPHONE, MAC, ANDROID]) expect(visibleSocials(DEFAULT_SOCIALS, browser, ua)).toEqual([...DEFAULT_SOCIALS])
  })
})
