import type { CaipAddress } from '../chains/caip.ts'
import { type ChainStore, activeAccountOf, isConnectedAccount } from '../chains/chainStore.ts'
import { STATE_COOKIE_MAX_AGE_S } from '../constants.ts'
import { STATE_COOKIE } from './stateCookie.ts'

/** Where the cookie is written: `document.cookie` in a page. */
export interface CookieJar {
  write(cookie: string): void
  readonly secure: boolean
}

/** The page's cookies; none outside a browser (a server render keeps nothing). */
export function documentCookieJar(): CookieJar | undefined {
  if (typeof document === 'undefined') return undefined
  return {
    write: (cookie) => void (document.cookie = cookie),
    secure: globalThis.location?.protocol === 'https:',
  }
}

/** The `document.cookie` assignment that keeps `caipAddress`, or deletes the cookie for undefined. */
export function stateCookie(caipAddress: CaipAddress | undefined, { secure }: { secure: boolean }): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return caipAddress ? `${STATE_COOKIE}=${caipAddress}; Max-Age=${STATE_COOKIE_MAX_AGE_S}${attributes}` : `${STATE_COOKIE}=; Max-Age=0${attributes}`
}

/**
 * Keeps the active account in the state cookie for the server's next render: its CAIP-10
 * address while connected, no cookie once disconnected. It starts when the kit's restore
 * has settled, so the store's start-up states (disconnected, then connecting) never erase
 * a cookie the restore is about to confirm; a connection being made leaves it as it is.
 * Returns the function that stops it.
 */
export function keepStateCookie(chains: ChainStore, restored: Promise<void>, jar: CookieJar | undefined = documentCookieJar()): () => void {
  if (!jar) return () => undefined
  let written: CaipAddress | undefined | null = null
  let stop: (() => void) | undefined
  let stopped = false
  const follow = () => {
    const account = activeAccountOf(chains.get())
    if (account?.status === 'connecting') return
    const next = account && isConnectedAccount(account) ? account.caipAddress : undefined
    if (next === written) return
    written = next
    jar.write(stateCookie(next, jar))
  }
  void restored
    .catch(() => undefined)
    .then(() => {
      if (stopped) return
      follow()
      stop = chains.subscribe(follow)
    })
  return () => {
    stopped = true
    stop?.()
  }
}
