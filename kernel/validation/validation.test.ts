import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { isEvmAddress, isSolanaAddress } from './address.ts'
import { classifyResult, isTransactionHash } from './classifyResult.ts'
import { evmChainIdToCoinType } from './ensCoinType.ts'
import { isValidRegistrationName } from '../../protocol/registrationName.ts'

// Each rule is checked against an oracle written differently from the code
// (character sets and lengths instead of regular expressions).
const HEX = '0123456789abcdefABCDEF'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

const hexString = (min: number, max: number) => fc.array(fc.constantFrom(...HEX), { minLength: min, maxLength: max }).map((cs) => cs.join(''))
/** Short strings from a small alphabet hit the interesting cases (hex, base58, 0x, lengths near the limits). */
const nearMiss = fc.array(fc.constantFrom(...'0x1aFgG-_ OIl'), { minLength: 0, maxLength: 70 }).map((cs) => cs.join(''))
const anyString = fc.oneof(
  fc.string({ maxLength: 80 }),
  nearMiss,
  hexString(0, 70),
  hexString(0, 70).map((h) => `0x${h}`),
)

/** Base58 (Bitcoin alphabet), written here so the test does not trust a library the code could share. */
function base58(bytes: Uint8Array): string {
  let n = bytes.reduce((acc, b) => acc * 256n + BigInt(b), 0n)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

const shortMessageOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return (error as PorticoError).shortMessage
  }
  return undefined
}

describe('EVM address', () => {
  it('accepts optional 0x plus 40 hex characters in lower, upper and mixed case', () => {
    const lower = 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    for (const body of [lower, lower.toUpperCase(), 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      expect(isEvmAddress(body)).toBe(true)
      expect(isEvmAddress(`0x${body}`)).toBe(true)
    }
  })

  it.each(['', '0x', `0x${'a'.repeat(39)}`, `0x${'a'.repeat(41)}`, `0x${'g'.repeat(40)}`, `0X${'a'.repeat(40)}`, ` 0x${'a'.repeat(40)}`, `0x${'a'.repeat(40)}\n`])(
    'rejects %j',
    (address) => expect(isEvmAddress(address)).toBe(false),
  )

  it('property: every 0x-or-bare string of 40 hex digits in any case is an address', () => {
    fc.assert(
      fc.property(hexString(40, 40), fc.boolean(), (body, prefixed) => {
        expect(isEvmAddress(prefixed ? `0x${body}` : body)).toBe(true)
      }),
    )
  })

  it('property: a string is an address exactly when, less an optional 0x, it is 40 hex digits', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const body = s.startsWith('0x') && s.length === 42 ? s.slice(2) : s
        const oracle = body.length === 40 && [...body].every((c) => HEX.includes(c))
        expect(isEvmAddress(s)).toBe(oracle)
      }),
      { numRuns: 2000 },
    )
  })

  it('non-strings are not addresses', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((x) => typeof x !== 'string'),
        (x) => {
          expect(isEvmAddress(x)).toBe(false)
        },
      ),
    )
  })
})

describe('Solana address', () => {
  it('accepts real public keys (system program, a wallet key)', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
  })

  it.each([
    '',
    '1'.repeat(31),
    '1'.repeat(45),
    `0${'1'.repeat(40)}`,
    `O${'1'.repeat(40)}`,
    `I${'1'.repeat(40)}`,
    `l${'1'.repeat(40)}`,
    `x${'1'.repeat(31)}-`,
    `0x${'a'.repeat(40)}`,
  ])('rejects %j', (address) => expect(isSolanaAddress(address)).toBe(false))

  it('property: the base58 encoding of any 32-byte key is an address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const encoded = base58(bytes)
        // 32 zero bytes encode to 32 ones; the largest key to 44 characters.
        expect(encoded.length).toBeGreaterThanOrEqual(32)
        expect(encoded.length).toBeLessThanOrEqual(44)
        expect(isSolanaAddress(encoded)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('property: a string is an address exactly when it is 32 to 44 base58 characters', () => {
    const base58ish = fc.array(fc.constantFrom(...BASE58, '0', 'O', 'I', 'l', '+'), { minLength: 28, maxLength: 48 }).map((cs) => cs.join(''))
    fc.assert(
      fc.property(fc.oneof(anyString, base58ish), (s) => {
        const oracle = s.length >= 32 && s.length <= 44 && [...s].every((c) => BASE58.includes(c))
        expect(isSolanaAddress(s)).toBe(oracle)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('ENS coin type', () => {
  it('maps chain ids with (0x80000000 | chainId) >>> 0', () => {
    expect(evmChainIdToCoinType(1)).toBe(2147483649)
    expect(evmChainIdToCoinType(8453)).toBe(2147492101)
    expect(evmChainIdToCoinType(0)).toBe(0x80000000)
    expect(evmChainIdToCoinType(2147483647)).toBe(0xffffffff)
  })

  it("a chain id of 2147483648 or more is rejected with 'Invalid chainId'", () => {
    expect(shortMessageOf(() => evmChainIdToCoinType(2147483648))).toBe('Invalid chainId')
    expect(shortMessageOf(() => evmChainIdToCoinType(2147483647))).toBeUndefined()
  })

  it('property: below 2^31 the coin type is 2^31 + chainId; from 2^31 on it throws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483647 }), (id) => {
        expect(evmChainIdToCoinType(id)).toBe(2147483648 + id)
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(shortMessageOf(() => evmChainIdToCoinType(id))).toBe('Invalid chainId')
      }),
    )
  })

  it("negative, fractional and non-finite ids are 'Invalid chainId' too", () => {
    for (const id of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(shortMessageOf(() => evmChainIdToCoinType(id))).toBe('Invalid chainId')
    }
  })
})

describe('result classification', () => {
  const hash = `0x${'ab'.repeat(32)}`
  const signature = `0x${'cd'.repeat(65)}`

  it('0x + 64 hex is a transaction hash; 0x + at least 62 hex a signed message; else an object', () => {
    expect(classifyResult(hash)).toBe('transactionHash')
    expect(classifyResult(signature)).toBe('signedMessage')
    expect(classifyResult(`0x${'a'.repeat(62)}`)).toBe('signedMessage')
    expect(classifyResult(`0x${'a'.repeat(63)}`)).toBe('signedMessage')
    expect(classifyResult(`0x${'a'.repeat(61)}`)).toBe('object')
    expect(classifyResult('hello')).toBe('object')
    expect(classifyResult({ id: '0x01' })).toBe('object')
    expect(classifyResult(undefined)).toBe('object')
  })

  it('property: the kind follows the count of hex digits after 0x', () => {
    fc.assert(
      fc.property(hexString(0, 200), (digits) => {
        const expected = digits.length === 64 ? 'transactionHash' : digits.length >= 62 ? 'signedMessage' : 'object'
        expect(classifyResult(`0x${digits}`)).toBe(expected)
        expect(isTransactionHash(`0x${digits}`)).toBe(digits.length === 64)
      }),
      { numRuns: 1000 },
    )
  })

  it('property: anything without the 0x-hex shape is an object', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), anyString).filter((x) => !(typeof x === 'string' && /^0x[0-9a-fA-F]*$/.test(x))),
        (x) => {
          expect(classifyResult(x)).toBe('object')
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('name registration', () => {
  it.each([
    ['alice', true],
    ['my-wallet-1', true],
    ['ABCD', true],
    ['abc', false],
    ['my_name', false],
    ['näme', false],
    ['a b c d', false],
    ['', false],
  ] as const)('%j -> %j', (name, valid) => expect(isValidRegistrationName(name)).toBe(valid))

  it('property: valid exactly when 4+ characters, each an ASCII letter, digit or hyphen', () => {
    const allowed = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'
    const nameish = fc.array(fc.constantFrom(...allowed, '_', '.', ' ', 'é'), { maxLength: 12 }).map((cs) => cs.join(''))
    fc.assert(
      fc.property(fc.oneof(nameish, fc.string({ maxLength: 12 })), (name) => {
        const oracle = name.length >= 4 && [...name].every((c) => allowed.includes(c))
        expect(isValidRegistrationName(name)).toBe(oracle)
      }),
      { numRuns: 2000 },
    )
  })
})
