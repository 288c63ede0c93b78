import { describe, expect, it } from 'vitest'
import { walletErrorFields } from './walletErrorFields.ts'

describe('walletErrorFields (inbound wallet errors are untrusted)', () => {
  it('reads a numeric code and a string message', () => {
    expect(walletErrorFields({ code: 4001, message: 'User rejected the request.' })).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('ignores fields of the wrong type and non-objects', () => {
    expect(walletErrorFields({ code: '4001', message: 42 })).toEqual({ code: undefined, message: undefined })
    expect(walletErrorFields('boom')).toEqual({ code: undefined, message: undefined })
    expect(walletErrorFields(null)).toEqual({ code: undefined, message: undefined })
  })

  it('survives throwing getters and caps the message at 500 characters', () => {
    const hostile = Object.defineProperty({}, 'code', { get: () => { throw new Error('trap') } })
    expect(walletErrorFields(hostile).code).toBeUndefined()
    expect(walletErrorFields({ message: 'x'.repeat(10_000) }).message).toHaveLength(500)
  })
})
