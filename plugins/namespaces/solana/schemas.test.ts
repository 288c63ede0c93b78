import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SolanaSendOptionsSchema } from './schemas.ts'
import { safeParse } from '../../../kernel/wallets/index.ts'

// The eight commitments written out: a commitment added to or dropped from the schema fails here.
const COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']

describe('sign-and-send options', () => {
  it('accepts the four options with the eight commitments', () => {
    for (const preflightCommitment of COMMITMENTS) {
      expect(safeParse(SolanaSendOptionsSchema, { skipPreflight: true, preflightCommitment, maxRetries: 3, minContextSlot: 10 })).toBeDefined()
    }
    expect(safeParse(SolanaSendOptionsSchema, {})).toEqual({})
  })

  it('property: any other commitment, a negative or fractional count, or an unknown key is refused', () => {
    const valid = new Set<string>(COMMITMENTS)
    fc.assert(
      fc.property(
        fc.record(
          {
            skipPreflight: fc.oneof(fc.boolean(), fc.string(), fc.integer()),
            preflightCommitment: fc.oneof(fc.constantFrom(...COMMITMENTS), fc.string()),
            maxRetries: fc.oneof(fc.nat(), fc.integer({ max: -1 }), fc.double()),
            minContextSlot: fc.oneof(fc.nat(), fc.integer({ max: -1 })),
            commitment: fc.string(),
          },
          { requiredKeys: [] },
        ),
        (options) => {
          const ok =
            (options.skipPreflight === undefined || typeof options.skipPreflight === 'boolean') &&
            (options.preflightCommitment === undefined || valid.has(options.preflightCommitment)) &&
            (options.maxRetries === undefined || (Number.isInteger(options.maxRetries) && options.maxRetries >= 0)) &&
            (options.minContextSlot === undefined || options.minContextSlot >= 0) &&
            !('commitment' in options)
          expect(safeParse(SolanaSendOptionsSchema, options) !== undefined).toBe(ok)
        },
      ),
      { numRuns: 500 },
    )
  })
})
