import { getWallets } from '@wallet-standard/app'
import type { Connector, ConnectorRegistry, Disposer, PorticoConfig } from '../../../kernel/index.ts'
import { filterWallets, safeIconUrl } from '../../../kernel/index.ts'
import { safeParse } from '../../../kernel/wallets/index.ts'
import { LegacyProviderSchema, StandardWalletSchema } from './schemas.ts'
import { isSolanaStandardWallet } from './standardWallet.ts'

/** The legacy injected providers, by where they live on `window`. */
export const LEGACY_CONNECTORS = {
  phantom: { id: 'phantom', name: 'Phantom' },
  injected: { id: 'injected', name: 'Browser Wallet' },
} as const

export interface DiscoveryOptions {
  readonly connectors: ConnectorRegistry
  readonly config: Pick<PorticoConfig, 'includeWalletIds' | 'excludeWalletIds'>
}

/** A Wallet Standard wallet (the type of @wallet-standard/base, read through the app API we depend on). */
type Wallet = ReturnType<ReturnType<typeof getWallets>['get']>[number]

type Events = { on(event: 'change', listener: (properties: { chains?: unknown; features?: unknown }) => void): () => void }

/**
 * Finds Solana wallets: each Wallet Standard wallet with `standard:connect` and
 * a `solana:*` chain becomes an ANNOUNCED connector (id = its name, which is all
 * the standard gives), and the legacy `window.phantom.solana` and `window.solana`
 * become INJECTED connectors unless a standard wallet of the same name is there
 * (Phantom registers both ways). A wallet that later gains or drops Solana
 * (a `standard:events` change of chains or features) is added or removed. The
 * integrator's include/exclude lists apply by id.
 *
 * @returns a disposer that stops listening and removes the connectors it added.
 */
export function startDiscovery({ connectors, config }: DiscoveryOptions): Disposer {
  // Node and server rendering have no window and no wallets.
  if (typeof window === 'undefined') return () => undefined
  const allowed = (id: string) => filterWallets([{ id }], config).length === 1
  const added = new Map<unknown, Disposer>()
  const watched = new Map<Wallet, () => void>()
  const names = new Set<string>()

  const put = (key: unknown, connector: Connector) => {
    added.get(key)?.()
    added.set(key, connectors.add(connector))
  }
  const drop = (key: unknown) => {
    added.get(key)?.()
    added.delete(key)
  }

  const syncStandard = (wallet: Wallet) => {
    const parsed = safeParse(StandardWalletSchema, wallet)
    if (!parsed || !isSolanaStandardWallet(wallet) || !allowed(parsed.name)) return drop(wallet)
    put(wallet, {
      id: parsed.name,
      name: parsed.name,
      type: 'ANNOUNCED',
      chain: 'solana',
      imageUrl: safeIconUrl(parsed.icon),
      provider: wallet,
    })
  }

  const syncLegacy = () => {
    names.clear()
    for (const wallet of getWallets().get()) {
      const name = safeParse(StandardWalletSchema, wallet)?.name
      if (name && added.has(wallet)) names.add(name)
    }
    const phantom = readLegacy(() => (window as { phantom?: { solana?: unknown } }).phantom?.solana)
    const injected = readLegacy(() => (window as { solana?: unknown }).solana)
    for (const [key, provider] of [
      ['phantom', phantom],
      ['injected', injected === phantom ? undefined : injected],
    ] as const) {
      const { id, name } = LEGACY_CONNECTORS[key]
      if (provider && !names.has(name) && allowed(id)) put(key, { id, name, type: 'INJECTED', chain: 'solana', provider })
      else drop(key)
    }
  }

  const watch = (wallet: Wallet) => {
    if (watched.has(wallet)) return
    try {
      const events = wallet.features['standard:events'] as Events | undefined
      const off = events?.on('change', (properties) => {
        if (properties.chains || properties.features) {
          syncStandard(wallet)
          syncLegacy()
        }
      })
      if (typeof off === 'function') watched.set(wallet, off)
    } catch {
      // A wallet without working events is listed as it registered.
    }
  }

  const onRegister = (...registered: Wallet[]) => {
    for (const wallet of registered) {
      syncStandard(wallet)
      watch(wallet)
    }
    syncLegacy()
  }
  const onUnregister = (...gone: Wallet[]) => {
    for (const wallet of gone) {
      drop(wallet)
      watched.get(wallet)?.()
      watched.delete(wallet)
    }
    syncLegacy()
  }

  const api = getWallets()
  const offRegister = api.on('register', onRegister)
  const offUnregister = api.on('unregister', onUnregister)
  onRegister(...api.get())

  return () => {
    offRegister()
    offUnregister()
    watched.forEach((off) => {
      try {
        off()
      } catch {
        // gone already
      }
    })
    watched.clear()
    ;[...added.values()].forEach((dispose) => dispose())
    added.clear()
  }
}

/** `window.solana` can be a throwing getter (extensions fighting over it). */
function readLegacy(read: () => unknown): unknown {
  try {
    const provider = read()
    return safeParse(LegacyProviderSchema, provider) ? provider : undefined
  } catch {
    return undefined
  }
}
