import * as v from 'valibot'
import type { Environment, PorticoStorage } from '../../kernel/index.ts'
import type { WalletLink } from './deepLinks.ts'
import type { PairingStore } from './pairingStore.ts'
import type { RegistryWallet, WalletRegistry } from './registry.ts'

/** What the plugin's views may do; built by the body, handed to each view. */
export interface WalletConnectController {
  readonly pairing: PairingStore
  readonly environment: Environment
  /** Undefined when no `endpoints.walletRegistry` is configured. */
  readonly registry: WalletRegistry | undefined
  /** A view needs a pairing uri to show: start, refresh or reuse one. */
  request(options?: { readonly retry?: boolean }): void
  /** The wallet the visitor picked; undefined for the plain QR code. */
  pick(wallet: RegistryWallet | undefined): void
  /** Keeps the deep link the visitor followed in local storage (the deep link choice). */
  rememberDeepLink(link: WalletLink, wallet: RegistryWallet): void
  /** Navigates the page to a wallet link (same tab for apps, a new tab for web apps). */
  open(url: string, target: '_self' | '_blank'): void
}

/** Route data is untrusted too: the wallet a view was opened for must be a wallet. */
export const RouteWalletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  imageUrl: v.optional(v.string()),
  rdns: v.optional(v.string()),
  homepage: v.optional(v.string()),
  mobileLink: v.optional(v.string()),
  desktopLink: v.optional(v.string()),
  webappLink: v.optional(v.string()),
  appStore: v.optional(v.string()),
  playStore: v.optional(v.string()),
})

export function routeWallet(data: Readonly<Record<string, unknown>> | undefined): RegistryWallet | undefined {
  const parsed = v.safeParse(RouteWalletSchema, data?.['wallet'])
  return parsed.success ? parsed.output : undefined
}

/** Stores the deep link choice, which must be a URL (its key's schema); a bad one is simply not kept. */
export function storeDeepLinkChoice(storage: PorticoStorage, link: WalletLink, wallet: RegistryWallet): void {
  try {
    new URL(link.href)
  } catch {
    return
  }
  storage.set('deepLinkChoice', { href: link.href, name: wallet.name })
}
