import { describe, expect, it } from 'vitest'
import { Alerts, ErrorText, errorRegisteringName, httpStatusError, tryAgainAfter } from './catalogue.ts'
import { ConfigError, PorticoError } from './base.ts'

// The texts are tested where code uses them, written out in those tests (the RPC
// registry, the adapters, the plugins' flows); here only what the catalogue itself does.

describe('error catalogue', () => {
  it('alerts: every alert has its own code (each code is reported once)', () => {
    const codes = Object.values(Alerts).map((alert) => alert.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it("the text helpers: 'Error registering name {name}', 'HTTP status code: N', 'Please try again after N seconds'", () => {
    expect(errorRegisteringName('alice')).toBe('Error registering name alice')
    expect(httpStatusError(403)).toBe('HTTP status code: 403')
    expect(tryAgainAfter(12)).toBe('Please try again after 12 seconds')
  })
})

describe('PorticoError', () => {
  it('shortMessage is the catalogue text; details are appended to message', () => {
    const error = new PorticoError(ErrorText.CHAIN_ADAPTER_NOT_FOUND, { details: 'eip155' })
    expect(error.shortMessage).toBe('Chain adapter not found')
    expect(error.message.startsWith('Chain adapter not found')).toBe(true)
    expect(error.message).toContain('eip155')
    expect(new PorticoError('Unsupported chain').message).toBe('Unsupported chain')
  })

  it('walk returns the innermost cause, or the first matching error', () => {
    const root = new TypeError('root')
    const middle = new PorticoError(ErrorText.NETWORK_NOT_FOUND, { cause: root })
    const top = new PorticoError(ErrorText.FAILED_TO_DISCONNECT, { cause: middle })
    expect(top.walk()).toBe(root)
    expect(top.walk((e) => e instanceof PorticoError && e.shortMessage === ErrorText.NETWORK_NOT_FOUND)).toBe(middle)
    expect(top.walk(() => false)).toBeUndefined()
  })

  it('ConfigError carries the bad field and is a PorticoError', () => {
    const error = new ConfigError('features.email', 'Invalid type')
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.field).toBe('features.email')
    expect(error.message).toContain('features.email')
    expect(error.details).toBe('Invalid type')
  })
})
