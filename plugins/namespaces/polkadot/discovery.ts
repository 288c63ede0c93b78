import type { ConnectorRegistry, Disposer, PorticoConfig } from '../../../kernel/index.ts'
import { filterWallets } from '../../../kernel/index.ts'
import { safeParse } from '../../../kernel/wallets/index.ts'
import { InjectedExtensionSchema } from './schemas.ts'

/** Display names of well-known extensions by their `injectedWeb3` key; others show their key. */
const KNOWN_NAMES: Readonly<Record<string, string>> = {
  'polkadot-js': 'polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  enkrypt: 'Enkrypt',
  'fearless-wallet': 'Fearless Wallet',
}

export interface DiscoveryOptions {
  readonly connectors: ConnectorRegistry
  readonly config: Pick<PorticoConfig, 'includeWalletIds' | 'excludeWalletIds'>
}

/**
 * Lists each `window.injectedWeb3` extension as an INJECTED polkadot connector
 * (id = its key). Extensions inject before the page's scripts, but one that is
 * late is picked up on `load`.
 */
export function startDiscovery({ connectors, config }: DiscoveryOptions): Disposer {
  if (typeof window === 'undefined') return () => undefined
  const added = new Map<string, Disposer>()
  const scan = () => {
    // Listing the entries runs the page's getters and Proxy traps, which may throw.
    let entries: [string, unknown][] = []
    try {
      const value = (window as { injectedWeb3?: unknown }).injectedWeb3
      entries = typeof value === 'object' && value !== null ? Object.entries(value) : []
    } catch {
      entries = []
    }
    for (const [key, extension] of entries) {
      if (added.has(key) || !/^[a-zA-Z0-9._-]{1,64}$/.test(key)) continue
      if (!safeParse(InjectedExtensionSchema, extension) || filterWallets([{ id: key }], config).length === 0) continue
      // Own names only: a key such as `constructor` must not pick up Object.prototype's.
      const name = Object.hasOwn(KNOWN_NAMES, key) ? KNOWN_NAMES[key]! : key
      added.set(key, connectors.add({ id: key, name, type: 'INJECTED', chain: 'polkadot', provider: extension }))
    }
  }
  scan()
  window.addEventListener('load', scan)
  return () => {
    window.removeEventListener('load', scan)
    added.forEach((dispose) => dispose())
    added.clear()
  }
}
