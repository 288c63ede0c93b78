import { describe, expect, it } from 'vitest'
import { walletErrorFields } from './walletErrorFields.ts'

describe('walletErrorFields (inbound wallet errors are untrusted)', () => {
  it('reads a numeric code and a string message', () => {
    expect(walletErrorFields({ code: 4001, message: 'User rejected the request.' })).toEqual({
      code: 4001,
      codes: [4001],
      message: 'User rejected the request.',
    })
  })

  it('reads the code nested in data.originalError after the outer one', () => {
    expect(walletErrorFields({ code: -32603, message: 'Internal error', data: { originalError: { code: 4902 } } })).toMatchObject({
      code: -32603,
      codes: [-32603, 4902],
    })
    expect(walletErrorFields({ data: { originalError: { code: 4001 } } })).toMatchObject({ code: 4001, codes: [4001] })
  })

  it('ignores fields of the wrong type and non-objects; a thrown string is its own message', () => {
    expect(walletErrorFields({ code: '4001', message: 42 })).toEqual({ code: undefined, codes: [], message: undefined })
    expect(walletErrorFields({ data: { originalError: { code: '4902' } } }).codes).toEqual([])
    expect(walletErrorFields('Cancelled')).toEqual({ code: undefined, codes: [], message: 'Cancelled' })
    expect(walletErrorFields(null)).toEqual({ code: undefined, codes: [], message: undefined })
  })

  it('survives throwing getters and caps the message at 500 characters', () => {
    const trap = () => {
      throw new Error('trap')
    }
    const hostile = Object.defineProperty({}, 'code', { get: trap })
    expect(walletErrorFields(hostile).code).toBeUndefined()
    expect(walletErrorFields({ data: Object.defineProperty({}, 'originalError', { get: trap }) }).codes).toEqual([])
    expect(walletErrorFields({ message: 'x'.repeat(499) }).message).toBe('x'.repeat(499))
    expect(walletErrorFields({ message: 'x'.repeat(500) }).message).toBe('x'.repeat(500))
    expect(walletErrorFields({ message: 'x'.repeat(501) }).message).toBe('x'.repeat(500))
    expect(walletErrorFields({ message: 'x'.repeat(10_000) }).message).toHaveLength(500)
    expect(walletErrorFields('y'.repeat(10_000)).message).toHaveLength(500)
  })
})
