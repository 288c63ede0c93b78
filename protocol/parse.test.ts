import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { parseOrThrow, safeParse } from './parse.ts'

const Account = v.object({ address: v.pipe(v.string(), v.minLength(3, 'too short')), chains: v.array(v.string()) })
const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('trap')
    },
  },
)

describe('safeParse (untrusted input never throws past it)', () => {
  it('returns the output, or undefined when the value does not fit', () => {
    expect(safeParse(Account, { address: 'abc', chains: ['solana:devnet'], extra: 1 })).toEqual({ address: 'abc', chains: ['solana:devnet'] })
    expect(safeParse(Account, { address: 'ab', chains: [] })).toBeUndefined()
    expect(safeParse(Account, 'abc')).toBeUndefined()
  })

  it('a Proxy or a throwing getter is undefined, not a throw', () => {
    const getter = Object.defineProperty({ chains: [] }, 'address', {
      enumerable: true,
      get() {
        throw new Error('trap')
      },
    })
    expect(safeParse(Account, hostile)).toBeUndefined()
    expect(safeParse(Account, getter)).toBeUndefined()
  })
})

describe('parseOrThrow', () => {
  const fail = (issue: string) => new Error(`bad: ${issue}`)

  it('returns the output when the value fits', () => {
    expect(parseOrThrow(Account, { address: 'abc', chains: [] }, fail)).toEqual({ address: 'abc', chains: [] })
  })

  it("throws the caller's error with the first problem as path: message", () => {
    expect(() => parseOrThrow(Account, { address: 'ab', chains: [] }, fail)).toThrow('bad: address: too short')
    expect(() => parseOrThrow(Account, { address: 'abc', chains: [7] }, fail)).toThrow(/^bad: chains\.0: /)
    expect(() => parseOrThrow(v.string('must be text'), 5, fail)).toThrow('bad: must be text')
  })

  it('a hostile value is an issue too, not a raw throw', () => {
    expect(() => parseOrThrow(Account, hostile, fail)).toThrow('bad: the value could not be read')
  })
})
