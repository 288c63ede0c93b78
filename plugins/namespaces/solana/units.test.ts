import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.ts'
import { standardChainOf } from './chains.ts'
import { formatUnits, parsePositiveUnits } from './units.ts'
import { PREFLIGHT_COMMITMENTS, SolanaSendOptionsSchema, safeParse } from './schemas.ts'
import { solana, solanaDevnet, solanaTestnet } from '../../../kernel/index.ts'

describe('lamports and SOL (SPEC §9: 9 decimals)', () => {
  it('formats base units', () => {
    expect(formatUnits(1_234_567_891n, 9)).toBe('1.234567891')
    expect(formatUnits(2_000_000_000n, 9)).toBe('2')
    expect(formatUnits(1n, 9)).toBe('0.000000001')
    expect(formatUnits(0n, 9)).toBe('0')
    expect(formatUnits(-5n, 2)).toBe('-0.05')
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

describe('Wallet Standard chains', () => {
  it('maps the three clusters by genesis reference, anything else by id', () => {
    expect([solana, solanaDevnet, solanaTestnet].map(standardChainOf)).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet'])
    expect(standardChainOf({ id: 'localnet' })).toBe('solana:localnet')
  })
})

describe('sign-and-send options (SPEC §3)', () => {
  it('accepts the four options with the eight commitments', () => {
    expect(PREFLIGHT_COMMITMENTS).toEqual(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
    for (const preflightCommitment of PREFLIGHT_COMMITMENTS) {
      expect(safeParse(SolanaSendOptionsSchema, { skipPreflight: true, preflightCommitment, maxRetries: 3, minContextSlot: 10 })).toBeDefined()
    }
    expect(safeParse(SolanaSendOptionsSchema, {})).toEqual({})
  })

  it('property: any other commitment, a negative or fractional count, or an unknown key is refused', () => {
    const valid = new Set<string>(PREFLIGHT_COMMITMENTS)
    fc.assert(
      fc.property(
        fc.record(
          {
            skipPreflight: fc.oneof(fc.boolean(), fc.string(), fc.integer()),
            preflightCommitment: fc.oneof(fc.constantFrom(...PREFLIGHT_COMMITMENTS), fc.string()),
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
