import { requestProviders } from 'mipd'
import type { Connector, ConnectorRegistry, Disposer, PorticoConfig } from '../../../kernel/index.ts'
import { filterWallets, safeIconUrl } from '../../../kernel/index.ts'
import { safeParse } from '../../../kernel/wallets/index.ts'
import { AnnouncementSchema, type Eip1193Provider, ProviderSchema } from './schemas.ts'

/** The legacy `window.ethereum` connector (connector type INJECTED). */
export const INJECTED_CONNECTOR = { id: 'injected', name: 'Browser Wallet' } as const

export interface DiscoveryOptions {
  readonly connectors: ConnectorRegistry
  readonly config: Pick<PorticoConfig, 'includeWalletIds' | 'excludeWalletIds'>
}

/**
 * Finds browser wallets: every EIP-6963 announcement that passes the schema
 * becomes an ANNOUNCED connector (id = rdns), and the legacy `window.ethereum`
 * becomes the INJECTED connector unless an announced wallet has the very same
 * provider object. The integrator's include/exclude lists apply by id.
 *
 * mipd's `createStore()` is not used on purpose: it reads `detail.info.uuid` of
 * every stored announcement without a check, so one malformed announcement
 * would throw on every later one and hide real wallets. `requestProviders` (the
 * listener plus the `eip6963:requestProvider` dispatch) is used with our own
 * validation instead.
 *
 * @returns a disposer that stops listening and removes the connectors it added.
 */
export function startDiscovery({ connectors, config }: DiscoveryOptions): Disposer {
  // Node and server rendering have no window and no wallets.
  if (typeof window === 'undefined') return () => undefined
  const added = new Map<string, Disposer>()
  const announcedProviders = new Set<Eip1193Provider>()
  const allowed = (id: string) => filterWallets([{ id }], config).length === 1

  const put = (connector: Connector) => {
    added.get(connector.id)?.()
    added.set(connector.id, connectors.add(connector))
  }
  const drop = (id: string) => {
    added.get(id)?.()
    added.delete(id)
  }

  let legacyShown: Eip1193Provider | undefined
  const syncLegacy = () => {
    const legacy = readLegacyProvider()
    // A wallet that announces itself is listed once, under its own name.
    const next = legacy && !announcedProviders.has(legacy) && allowed(INJECTED_CONNECTOR.id) ? legacy : undefined
    if (next === legacyShown) return
    legacyShown = next
    if (next) put({ ...INJECTED_CONNECTOR, type: 'INJECTED', chain: 'eip155', provider: next })
    else drop(INJECTED_CONNECTOR.id)
  }

  const onAnnounce = (detail: unknown) => {
    const announcement = safeParse(AnnouncementSchema, detail)
    if (!announcement) return
    const { info, provider } = announcement
    announcedProviders.add(provider)
    if (allowed(info.rdns)) {
      put({
        id: info.rdns,
        name: info.name,
        type: 'ANNOUNCED',
        chain: 'eip155',
        imageUrl: safeIconUrl(info.icon),
        info: { rdns: info.rdns },
        provider,
      })
    }
    syncLegacy()
  }

  // Wallets already on the page answer the request synchronously; later ones announce on load.
  const unwatch = requestProviders(onAnnounce)
  syncLegacy()

  return () => {
    unwatch?.()
    ;[...added.values()].forEach((dispose) => dispose())
    added.clear()
  }
}

/** `window.ethereum` can be a throwing getter (wallet extensions fighting over it). */
function readLegacyProvider(): Eip1193Provider | undefined {
  try {
    return safeParse(ProviderSchema, (window as { ethereum?: unknown }).ethereum)
  } catch {
    return undefined
  }
}
