import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isPairingExpired, pairingExpiry } from './pairingExpiry.ts'

describe('pairing expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a pairing expires 4 minutes after it is set', () => {
    expect(pairingExpiry()).toBe(Date.now() + 240_000)
    expect(pairingExpiry(1_000)).toBe(241_000)
  })

  it('it counts as expired at 10 s or less remaining, not before', () => {
    const expiry = pairingExpiry()
    expect(isPairingExpired(expiry)).toBe(false)
    vi.advanceTimersByTime(240_000 - 10_001)
    expect(isPairingExpired(expiry)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(isPairingExpired(expiry)).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(isPairingExpired(expiry)).toBe(true)
  })

  it('no pairing counts as expired', () => {
    expect(isPairingExpired(undefined)).toBe(true)
  })
})
