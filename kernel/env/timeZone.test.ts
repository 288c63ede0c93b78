// SPEC §6: the nine restricted time zones, one rule for swaps and on-ramp (their manifests
// ask it; plugins/swaps/swaps.test.ts and plugins/onramp/onramp.test.ts check the buttons).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportTimeZone } from '../../test/unit/reportedTimeZone.ts'
import { currentTimeZone, inRestrictedTimeZone, isRestrictedTimeZone } from './timeZone.ts'

const RESTRICTED = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Macau', 'Asia/Macao', 'Asia/Hong_Kong', 'Asia/Beijing']

afterEach(() => vi.restoreAllMocks())

describe('restricted time zones (SPEC §6)', () => {
  it.each(RESTRICTED)('%s is restricted', (zone) => expect(isRestrictedTimeZone(zone)).toBe(true))
  it.each(['Asia/Tokyo', 'Asia/Taipei', 'Asia/Singapore', 'Europe/Berlin', 'UTC', 'America/New_York', 'asia/shanghai'])('%s is not', (zone) =>
    expect(isRestrictedTimeZone(zone)).toBe(false),
  )
  it('an unknown zone (Intl cannot say) is not restricted', () => expect(isRestrictedTimeZone(undefined)).toBe(false))

  it('the browser zone is read from Intl; Asia/Beijing (which Chromium cannot emulate) counts when a browser reports it', () => {
    reportTimeZone('Asia/Beijing')
    expect(currentTimeZone()).toBe('Asia/Beijing')
    expect(inRestrictedTimeZone()).toBe(true)
  })

  it('Intl throwing means no known zone, not restricted', () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation((() => {
      throw new RangeError('no Intl')
    }) as unknown as typeof Intl.DateTimeFormat)
    expect(currentTimeZone()).toBeUndefined()
    expect(inRestrictedTimeZone()).toBe(false)
  })
})
