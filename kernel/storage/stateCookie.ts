import * as v from 'valibot'
import type { CaipAddress, CaipNetworkId } from '../chains/caip.ts'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../chains/namespaces.ts'

/** The cookie `ssr: true` keeps: the active account's CAIP-10 address, nothing else. */
export const STATE_COOKIE = 'portico.state'

/** What the server renders the account button from: the account the last visit left connected. */
export interface PorticoInitialState {
  readonly namespace: ChainNamespace
  readonly caipNetworkId: CaipNetworkId
  readonly address: string
  readonly caipAddress: CaipAddress
}

// CAIP-10 with Portico's namespaces; the address part is CAIP-10's own alphabet, so a
// cookie value can never carry markup or a second cookie. Made on first use, so an app that
// reads no cookie keeps none of it on its first screen.
let caipAddressSchema: v.GenericSchema<string, string> | undefined
const caipAddress = () =>
  (caipAddressSchema ??= v.pipe(v.string(), v.maxLength(200), v.regex(new RegExp(`^(${CHAIN_NAMESPACES.join('|')}):[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$`))))

/** The cookie's value read as an account; undefined for anything that fails the schema. */
export function parseStateCookie(value: string): PorticoInitialState | undefined {
  const parsed = v.safeParse(caipAddress(), value)
  if (!parsed.success) return undefined
  const [namespace, reference, address] = parsed.output.split(':') as [ChainNamespace, string, string]
  return { namespace, caipNetworkId: `${namespace}:${reference}`, address, caipAddress: parsed.output as CaipAddress }
}

/**
 * The state a server renders with, from the request's `Cookie` header: the account a
 * visitor's last visit left connected (kept by `createPortico({ ssr: true })`), or
 * undefined. A missing, stale or forged cookie is never trusted beyond the first render:
 * the kit's own restore decides what the page shows next.
 *
 * @example
 * // app/layout.tsx (a Server Component)
 * const initialState = porticoCookieToInitialState((await headers()).get('cookie'))
 */
export function porticoCookieToInitialState(cookieHeader: string | null | undefined): PorticoInitialState | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at === -1 || pair.slice(0, at).trim() !== STATE_COOKIE) continue
    return parseStateCookie(pair.slice(at + 1).trim())
  }
  return undefined
}
