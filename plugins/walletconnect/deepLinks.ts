/** A link a registry wallet offers, turned into where Portico sends the visitor. */
export interface WalletLink {
  /** Opens the wallet with the pairing uri. */
  readonly redirect: string
  /** The wallet's link itself, stored as the deep link choice. */
  readonly href: string
}

/** Schemes a wallet link may never use: they would run or read something in the page's context. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'])

function parse(link: string): URL | undefined {
  try {
    return new URL(link)
  } catch {
    return undefined
  }
}

const isHttp = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:'

/**
 * A universal (https) link with the uri: `https://wallet.app/wc?uri=…`. Only
 * http(s) links qualify; anything else is refused (undefined).
 *
 * @example
 * universalLink('https://wallet.app', 'wc:…')?.redirect // 'https://wallet.app/wc?uri=wc%3A…'
 */
export function universalLink(link: string | undefined, wcUri: string): WalletLink | undefined {
  const url = link ? parse(link) : undefined
  if (!url || !isHttp(url)) return undefined
  const href = url.href.endsWith('/') ? url.href : `${url.href}/`
  return { redirect: `${href}wc?uri=${encodeURIComponent(wcUri)}`, href }
}

/**
 * A native app link with the uri: `wallet://wc?uri=…` (an https link is
 * treated as universal). A bare `wallet` becomes `wallet://`. Script and data
 * schemes are refused (undefined): registry data is untrusted.
 */
export function nativeLink(link: string | undefined, wcUri: string): WalletLink | undefined {
  if (!link) return undefined
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(link)?.[1]?.toLowerCase()
  if (scheme && FORBIDDEN_SCHEMES.has(`${scheme}:`)) return undefined
  let candidate = link.trim()
  if (!candidate.includes('://')) candidate = `${candidate.replaceAll('/', '').replaceAll(':', '')}://`
  const url = parse(candidate)
  if (!url) return undefined
  if (isHttp(url)) return universalLink(candidate, wcUri)
  if (FORBIDDEN_SCHEMES.has(url.protocol) || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) return undefined
  const href = candidate.endsWith('/') ? candidate : `${candidate}/`
  return { redirect: `${href}wc?uri=${encodeURIComponent(wcUri)}`, href }
}

/** Which store a phone installs from, read from its user agent. */
export type PhonePlatform = 'ios' | 'android' | 'other'

export function phonePlatform(userAgent: string): PhonePlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  return /Android/.test(userAgent) ? 'android' : 'other'
}

/**
 * Where a visitor whose wallet app did not open can get it: the platform's store page,
 * else the wallet's homepage. Only http(s) pages; registry data is untrusted.
 */
export function storePage(wallet: { readonly appStore?: string; readonly playStore?: string; readonly homepage?: string }, platform: PhonePlatform): string | undefined {
  const store = platform === 'ios' ? wallet.appStore : platform === 'android' ? wallet.playStore : undefined
  for (const link of [store, wallet.homepage]) {
    const url = link ? parse(link) : undefined
    if (url && isHttp(url)) return url.href
  }
  return undefined
}
