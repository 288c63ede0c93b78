import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * Who may write the forwarded-for header: a count of proxies in front of the server (the socket's
 * peer is the first), or the proxies' networks. `{ hops: 0 }` trusts none: the socket's address is
 * the client's.
 */
export type TrustedProxies = { readonly hops: number } | { readonly networks: BlockList; readonly text: string }

export const NO_PROXIES: TrustedProxies = { hops: 0 }

/**
 * `2` (two hops: a CDN, then a TLS proxy) or `10.1.0.0/16, 2001:db8::/32, 192.0.2.7` (a list of
 * networks or addresses). Throws with the entry that is not one.
 */
export function parseTrustedProxies(text: string): TrustedProxies {
  const trimmed = text.trim()
  if (/^\d{1,2}$/.test(trimmed)) return { hops: Number(trimmed) }
  const networks = new BlockList()
  for (const entry of trimmed.split(',').map((item) => item.trim())) {
    const [address = '', prefix] = entry.split('/', 2)
    const ip = plainAddress(address)
    const family = ip && isIPv4(ip) ? 'ipv4' : 'ipv6'
    const bits = prefix === undefined ? (family === 'ipv4' ? 32 : 128) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1
    if (!ip || bits < 0 || bits > (family === 'ipv4' ? 32 : 128)) {
      throw new Error(`"${entry}" is neither a hop count nor an address or network like 10.1.0.0/16 or fd00::/8`)
    }
    networks.addSubnet(ip, bits, family)
  }
  return { networks, text: trimmed }
}

/**
 * An address as written in a header or by a socket, without port or brackets, IPv4-mapped IPv6
 * as IPv4; undefined when it is not an address. `1.2.3.4:80` -> `1.2.3.4`, `[::1]:80` -> `::1`,
 * `::ffff:1.2.3.4` -> `1.2.3.4`.
 */
export function plainAddress(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  let address = text.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address)
  if (bracketed) address = bracketed[1]!
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(':'))
  address = address.replace(/%.*$/, '') // an IPv6 zone names the server's interface, not the client
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) address = mapped[1]!
  return isIPv4(address) || isIPv6(address) ? address.toLowerCase() : undefined
}

const trusts = (trusted: TrustedProxies, address: string, hop: number) =>
  'hops' in trusted ? hop < trusted.hops : trusted.networks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')

/**
 * The client's address: walking from the socket's peer leftwards through the forwarded-for
 * entries, the first hop that is not a trusted proxy. Entries left of it were written by the
 * client and are never read. When the chain ends at a trusted hop, or reaches an entry that is
 * not an address (which no trusted proxy writes), the last trusted hop is the answer.
 *
 * @example
 * clientAddress({ socket: '10.1.0.2', forwardedFor: '6.6.6.6, 203.0.113.9', trusted: { hops: 1 } }) // '203.0.113.9'
 */
export function clientAddress(request: { socket: string | undefined; forwardedFor: string | undefined; trusted: TrustedProxies }): string | undefined {
  const { trusted } = request
  const chain = [...(request.forwardedFor?.split(',') ?? []), request.socket ?? '']
  let last: string | undefined
  for (let hop = 0; hop < chain.length; hop++) {
    const address = plainAddress(chain[chain.length - 1 - hop])
    if (address === undefined) return last
    if (!trusts(trusted, address, hop)) return address
    last = address
  }
  return last
}

/** The 8 groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  let text = address
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16))
}

/**
 * What rate limits count an address under: an IPv4 address as itself, an IPv6 address by its
 * /64 (one subscriber's network: a host picks any of its 2^64 addresses at will).
 *
 * @example
 * rateLimitKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function rateLimitKey(address: string | undefined): string {
  const plain = plainAddress(address)
  if (plain === undefined) return 'unknown'
  if (isIPv4(plain)) return plain
  return `${ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
