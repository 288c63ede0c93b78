import { describe, expect, it } from 'vitest'
import { formatBalance } from './formatBalance.ts'
import { formatDollars } from './formatDollars.ts'
import { truncateAddress } from './truncateAddress.ts'

describe('truncateAddress', () => {
  it('keeps 4 start and 6 end characters (address truncation)', () => {
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12…345678')
  })

  it('leaves an address that is already short unchanged (address truncation)', () => {
    expect(truncateAddress('0x123456789')).toBe('0x123456789')
  })
})

describe('formatBalance', () => {
  it('truncates to 3 decimals instead of rounding (balance display)', () => {
    expect(formatBalance('1.23999', 'ETH', 'en-US')).toBe('1.239 ETH')
    expect(formatBalance('0.9999', 'ETH', 'en-US')).toBe('0.999 ETH')
  })

  it('truncates without float error on values like 0.3 (balance display)', () => {
    expect(formatBalance(0.3, 'SOL', 'en-US')).toBe('0.3 SOL')
    expect(formatBalance('2.0019', undefined, 'en-US')).toBe('2.001')
  })

  it('groups thousands with Intl after truncation (balance shown with 3 decimals)', () => {
    expect(formatBalance('1234567.89999', 'ETH', 'en-US')).toBe('1,234,567.899 ETH')
  })

  it('handles integers, exponent notation and garbage without throwing (balance display)', () => {
    expect(formatBalance('42', 'BTC', 'en-US')).toBe('42 BTC')
    expect(formatBalance('1e-7', 'ETH', 'en-US')).toBe('0 ETH')
    expect(formatBalance('not a number', 'ETH', 'en-US')).toBe('0 ETH')
  })

  it('groups digits and marks decimals as the locale does (en, de, ar, hi), still cut to 3 decimals', () => {
    expect(formatBalance('1234567.89999', 'ETH', 'en')).toBe('1,234,567.899 ETH')
    expect(formatBalance('1234567.89999', 'ETH', 'de')).toBe('1.234.567,899 ETH')
    expect(formatBalance('1234567.89999', 'ETH', 'ar')).toBe('1,234,567.899 ETH')
    // Hindi groups by lakh and crore: 12,34,567.
    expect(formatBalance('1234567.89999', 'ETH', 'hi')).toBe('12,34,567.899 ETH')
    expect(formatBalance('0.5', undefined, 'de')).toBe('0,5')
  })
})

describe('formatDollars', () => {
  it('shows dollars and cents with 2 decimals (balance shown as dollars)', () => {
    expect(formatDollars(1234.5, 'en-US')).toBe('$1,234.50')
    expect(formatDollars(0, 'en-US')).toBe('$0.00')
    expect(formatDollars(0.005, 'en-US')).toBe('$0.01')
    expect(formatDollars(Number.NaN, 'en-US')).toBe('$0.00')
  })

  it('puts the dollar sign, grouping and decimal mark where the locale does (en, de, ar, hi)', () => {
    expect(formatDollars(1234567.5, 'en')).toBe('$1,234,567.50')
    expect(formatDollars(1234567.5, 'de')).toBe('1.234.567,50\u00a0$')
    expect(formatDollars(1234567.5, 'ar')).toBe('\u200f1,234,567.50\u00a0US$')
    expect(formatDollars(1234567.5, 'hi')).toBe('$12,34,567.50')
  })
})
