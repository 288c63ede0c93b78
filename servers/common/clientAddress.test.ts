import { describe, expect, it } from 'vitest'
import { clientAddress, parseTrustedProxies, plainAddress, rateLimitKey } from './clientAddress.ts'

const from = (socket: string, forwardedFor: string | undefined, trusted: string) => clientAddress({ socket, forwardedFor, trusted: parseTrustedProxies(trusted) })

describe('clientAddress', () => {
  it('with no trusted proxy (0 hops) is the socket address, whatever the header claims', () => {
    expect(from('203.0.113.9', '6.6.6.6', '0')).toBe('203.0.113.9')
  })

  it('behind 1 trusted hop (a TLS proxy) is the last entry: a spoofed entry on the left is never read', () => {
    // The visitor sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(from('10.1.0.2', '6.6.6.6, 203.0.113.9', '1')).toBe('203.0.113.9')
    expect(from('10.1.0.2', '203.0.113.9', '1')).toBe('203.0.113.9')
  })

  it('behind 2 trusted hops (a CDN, then the TLS proxy) is the entry left of the CDN, not the CDN', () => {
    // visitor -> CDN (198.51.100.1) -> proxy (10.1.0.2) -> server; the visitor spoofed two entries.
    expect(from('10.1.0.2', '6.6.6.6, 7.7.7.7, 203.0.113.9, 198.51.100.1', '2')).toBe('203.0.113.9')
    expect(from('10.1.0.2', '203.0.113.9, 198.51.100.1', '2')).toBe('203.0.113.9')
  })

  it('when the chain is shorter than the hops it is the furthest hop, never undefined', () => {
    expect(from('10.1.0.2', undefined, '1')).toBe('10.1.0.2')
    expect(from('10.1.0.2', '198.51.100.1', '2')).toBe('198.51.100.1')
  })

  it('with a list of proxy networks is the first address from the right outside them', () => {
    const trusted = '10.1.0.0/16, 198.51.100.0/24, 2001:db8:cd::/48'
    expect(from('10.1.0.2', '6.6.6.6, 203.0.113.9, 198.51.100.1', trusted)).toBe('203.0.113.9')
    expect(from('10.1.0.2', '6.6.6.6, 2001:db8:aaaa::1, 2001:db8:cd::7', trusted)).toBe('2001:db8:aaaa::1')
    // A request that reached the server directly: its header is the visitor's own and is not read.
    expect(from('203.0.113.9', '10.1.0.3', trusted)).toBe('203.0.113.9')
    // A single address is a /32 (or /128).
    expect(from('192.0.2.7', '6.6.6.6, 203.0.113.9', '192.0.2.7')).toBe('203.0.113.9')
  })

  it('stops at a malformed entry and answers the last trusted hop: garbage is never a client address', () => {
    expect(from('10.1.0.2', 'not-an-ip', '1')).toBe('10.1.0.2')
    expect(from('10.1.0.2', '203.0.113.9, <script>', '2')).toBe('10.1.0.2')
    expect(from('10.1.0.2', 'unknown, 198.51.100.1', '10.1.0.0/16, 198.51.100.0/24')).toBe('198.51.100.1')
    expect(from('10.1.0.2', '', '1')).toBe('10.1.0.2')
  })

  it('reads ports, brackets and IPv4-mapped IPv6 as the plain address', () => {
    expect(from('::ffff:10.1.0.2', '203.0.113.9:51234', '10.1.0.0/16')).toBe('203.0.113.9')
    expect(from('10.1.0.2', '[2001:db8::5]:443', '1')).toBe('2001:db8::5')
    expect(plainAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1')
    expect(plainAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(plainAddress('1.2.3')).toBeUndefined()
  })

  it('refuses a setting that is neither a count nor networks', () => {
    expect(() => parseTrustedProxies('10.1.0.0/33')).toThrow('10.1.0.0/33')
    expect(() => parseTrustedProxies('proxy.example.com')).toThrow('proxy.example.com')
    expect(() => parseTrustedProxies('fd00::/129')).toThrow('fd00::/129')
  })
})

describe('rateLimitKey', () => {
  it('groups IPv6 by its /64: every address of one subscriber network counts as one', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('keeps IPv4 whole and counts IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9')
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(rateLimitKey('203.0.113.10')).not.toBe(rateLimitKey('203.0.113.9'))
  })

  it('counts what is not an address under one key', () => {
    expect(rateLimitKey(undefined)).toBe('unknown')
    expect(rateLimitKey('garbage')).toBe('unknown')
  })
})
