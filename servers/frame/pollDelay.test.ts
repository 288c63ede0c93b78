import { describe, expect, it } from 'vitest'
import { pollDelay } from './pollDelay.ts'

describe('long-poll delays', () => {
  it('looks again after 250 ms, then 500 ms, then once a second', () => {
    expect([0, 1, 2, 3, 10, 60].map(pollDelay)).toEqual([250, 500, 1000, 1000, 1000, 1000])
  })

  it('a 20 s wait looks at the database at most 22 times (it was 80 at a fixed 250 ms)', () => {
    let looks = 1
    for (let waited = 0, look = 0; waited + pollDelay(look) <= 20_000; look++) {
      waited += pollDelay(look)
      looks++
    }
    expect(looks).toBeLessThanOrEqual(22)
    expect(looks).toBeGreaterThanOrEqual(20)
  })
})
