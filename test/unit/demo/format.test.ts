import { describe, expect, it } from 'vitest'
import { errorText } from '../../../demo/ProviderPanel.tsx'
import { formatDemoBalance } from '../../../demo/format.ts'

describe('demo balance text (balance display truncated to 3 decimals)', () => {
  it('cuts, never rounds, to 3 decimals and drops trailing zeros', () => {
    expect(formatDemoBalance('9999.99968', 'ETH')).toBe('9999.999 ETH')
    expect(formatDemoBalance('10000', 'ETH')).toBe('10000 ETH')
    expect(formatDemoBalance('1.2004', 'ETH')).toBe('1.2 ETH')
    expect(formatDemoBalance('0.0009', 'ETH')).toBe('0 ETH')
    expect(formatDemoBalance('0.5', undefined)).toBe('0.5')
  })

  it('shows nothing before a balance is read, and odd text as it came', () => {
    expect(formatDemoBalance(undefined, 'ETH')).toBeUndefined()
    expect(formatDemoBalance('1e-7', 'ETH')).toBe('1e-7 ETH')
  })
})

describe('demo result text for errors', () => {
  it("uses viem's short message when there is one, else the message", () => {
    expect(errorText(Object.assign(new Error('long\nDetails: …'), { shortMessage: 'User rejected the request.' }))).toBe('Error: User rejected the request.')
    expect(errorText(new Error('boom'))).toBe('Error: boom')
    expect(errorText('plain')).toBe('Error: plain')
    expect(errorText(null)).toBe('Error: null')
  })
})
