import fc from 'fast-check'
import { formatUnits as viemFormatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatUnits, parsePositiveUnits } from './units.ts'

describe('base units and decimal amounts (lamports: 9 decimals, wei: 18)', () => {
  it('formats base units', () => {
    expect(formatUnits(1_234_567_891n, 9)).toBe('1.234567891')
    expect(formatUnits(2_000_000_000n, 9)).toBe('2')
    expect(formatUnits(1n, 9)).toBe('0.000000001')
    expect(formatUnits(0n, 9)).toBe('0')
    expect(formatUnits(-5n, 2)).toBe('-0.05')
    expect(formatUnits(10_000n * 10n ** 18n, 18)).toBe('10000')
  })

  it('property: writes every amount exactly as viem does (the eip155 chunk used viem for it before)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (value, decimals) => {
        expect(formatUnits(value, decimals)).toBe(viemFormatUnits(value, decimals))
      }),
      { numRuns: 500 },
    )
  })

  it('property: parse(format(x)) is x for every positive amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), (units) => {
        expect(parsePositiveUnits(formatUnits(units, 9), 9)).toBe(units)
      }),
    )
  })

  it.each(['', ' ', '0', '0.0', '-1', '1e3', 'abc', '1.0000000001', '.5', null, undefined, {}, Number.NaN, -2])('%j is not a positive amount', (amount) => {
    expect(parsePositiveUnits(amount, 9)).toBeUndefined()
  })

  it('numbers are read as decimals', () => {
    expect(parsePositiveUnits(0.01, 9)).toBe(10_000_000n)
    expect(parsePositiveUnits(' 1.5 ', 9)).toBe(1_500_000_000n)
  })
})
