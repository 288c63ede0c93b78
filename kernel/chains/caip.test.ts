import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { formatCaipAddress, formatCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip.ts'
import { CHAIN_NAMESPACES, isChainNamespace } from './namespaces.ts'

const shortMessageOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return (error as PorticoError).shortMessage
  }
  return undefined
}

/** A non-empty CAIP part: no colon. */
const part = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(':'))
const namespace = fc.constantFrom(...CHAIN_NAMESPACES)

describe('CAIP-2 network ids', () => {
  it('a valid CAIP-2 id parses into namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each(['eip155', 'eip155:', ':1', 'eip155:1:0xabc', '', 'cosmos:cosmoshub-4', 'EIP155:1', 'eip155::1'])("%j is rejected with 'Invalid CAIP-2 network id'", (id) => {
    expect(shortMessageOf(() => parseCaipNetworkId(id))).toBe(ErrorText.INVALID_CAIP2_NETWORK_ID)
  })

  it('property: a string that is not exactly 2 non-empty colon parts with a known namespace is rejected', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (id) => {
        const parts = id.split(':')
        const valid = parts.length === 2 && parts[1] !== '' && isChainNamespace(parts[0])
        if (valid) expect(parseCaipNetworkId(id).reference).toBe(parts[1])
        else expect(shortMessageOf(() => parseCaipNetworkId(id))).toBe(ErrorText.INVALID_CAIP2_NETWORK_ID)
      }),
      { numRuns: 500 },
    )
  })

  it('property: strings built from colon-joined parts are rejected unless exactly namespace:reference', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(namespace, part, fc.constant('')), { minLength: 1, maxLength: 5 }), (parts) => {
        const id = parts.join(':')
        const valid = parts.length === 2 && parts[1] !== '' && isChainNamespace(parts[0])
        expect(shortMessageOf(() => parseCaipNetworkId(id))).toBe(valid ? undefined : ErrorText.INVALID_CAIP2_NETWORK_ID)
      }),
      { numRuns: 500 },
    )
  })

  it('property: formatCaipNetworkId then parseCaipNetworkId round-trips', () => {
    fc.assert(
      fc.property(namespace, fc.oneof(part, fc.nat()), (ns, reference) => {
        expect(parseCaipNetworkId(formatCaipNetworkId(ns, reference))).toEqual({ namespace: ns, reference: String(reference) })
      }),
    )
  })
})

describe('CAIP-10 addresses', () => {
  it('a valid CAIP-10 address parses into namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xAbC')).toEqual({ namespace: 'eip155', reference: '1', address: '0xAbC' })
  })

  it.each(['eip155:1', 'eip155:1:', 'eip155::0xabc', ':1:0xabc', 'cosmos:1:0xabc', 'eip155:1:0xabc:extra', '', 'just-an-address'])(
    "%j is rejected with 'Invalid CAIP-10 address'",
    (address) => {
      expect(shortMessageOf(() => parseCaipAddress(address))).toBe(ErrorText.INVALID_CAIP10_ADDRESS)
    },
  )

  it('property: a string that is not exactly 3 non-empty colon parts with a known namespace is rejected', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(namespace, part, fc.constant('')), { minLength: 1, maxLength: 5 }), (parts) => {
        const address = parts.join(':')
        const valid = parts.length === 3 && parts.every((p) => p !== '') && isChainNamespace(parts[0])
        expect(shortMessageOf(() => parseCaipAddress(address))).toBe(valid ? undefined : ErrorText.INVALID_CAIP10_ADDRESS)
      }),
      { numRuns: 500 },
    )
  })

  it('property: arbitrary strings never throw anything but the CAIP-10 error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (address) => {
        const message = shortMessageOf(() => parseCaipAddress(address))
        if (message !== undefined) expect(message).toBe(ErrorText.INVALID_CAIP10_ADDRESS)
      }),
      { numRuns: 500 },
    )
  })

  it('switching network recomposes the address as namespace:id:address', () => {
    expect(formatCaipAddress('eip155:8453', '0xabc')).toBe('eip155:8453:0xabc')
    expect(formatCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'So1ana')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1ana')
  })

  it('recomposing onto an invalid network id throws the CAIP-2 error', () => {
    expect(shortMessageOf(() => formatCaipAddress('nope' as `${string}:${string}`, '0xabc'))).toBe(ErrorText.INVALID_CAIP2_NETWORK_ID)
  })

  it('property: formatCaipAddress then parseCaipAddress round-trips', () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, reference, address) => {
        const caip = formatCaipAddress(formatCaipNetworkId(ns, reference), address)
        expect(caip).toBe(`${ns}:${reference}:${address}`)
        expect(parseCaipAddress(caip)).toEqual({ namespace: ns, reference, address })
      }),
    )
  })
})
