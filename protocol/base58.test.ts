import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.ts'

describe('base58', () => {
  it('property: decode(encode(bytes)) is bytes, leading zeros kept', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
      }),
    )
  })

  it('refuses characters outside the alphabet', () => {
    expect(decodeBase58('0OIl')).toBeUndefined()
  })
})
