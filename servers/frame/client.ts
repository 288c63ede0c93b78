import type { Context } from 'hono'
import type { FrameContext } from './context.ts'
import { visitorAddress } from './requestAddress.ts'

/**
 * Who asked, as a visitor can check it in a mail or on the approval page: the browser and
 * OS (from the User-Agent) and the network of the address (no GeoIP database here, so the
 * place is the address's /24 for IPv4 or /64 for IPv6, which names the network, not the
 * person). The User-Agent is what the client says about itself: shown, never trusted.
 */
export interface ClientInfo {
  /** 'Chrome on Windows', 'Safari on iOS', 'an unknown browser'. */
  readonly device: string
  /** '203.0.113.0/24', '2001:db8:1:2::/64', 'an unknown network'. */
  readonly network: string
}

export function clientInfo(context: FrameContext, c: Context): ClientInfo {
  return { device: describeUserAgent(c.req.header('user-agent') ?? ''), network: networkOf(visitorAddress(context, c) ?? 'unknown') }
}

// A table for the major engines, in the order that disambiguates them (Edge and Opera also say
// Chrome; Chrome also says Safari). Smaller than a parser library, and all a person needs to
// recognise their own device; anything else is 'an unknown browser'.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]
const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `a browser on ${system}` : 'an unknown browser')
}

/** The /24 of an IPv4 address, the /64 of an IPv6 one (an IPv4-mapped IPv6 address counts as IPv4). */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (!/^[0-9a-f:]+$/i.test(address) || !address.includes(':')) return 'an unknown network'
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  if (groups.length !== 8) return 'an unknown network'
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
  return `${prefix.join(':')}::/64`
}
