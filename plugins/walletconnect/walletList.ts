import { type Connector, type ConnectorGroup, type PorticoConfig, type RecentWallet, filterWallets, sortByConnectorGroup } from '../../kernel/index.ts'
import { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_NAME } from './constants.ts'
import type { RegistryWallet } from './registry.ts'

/** One row of AllWallets. */
export interface WalletEntry {
  readonly id: string
  readonly group: ConnectorGroup
  readonly name: string
  readonly imageUrl?: string
  /** The discovered browser wallet this row connects through (marked installed). */
  readonly installed?: Connector
  /** The registry wallet this row pairs with over WalletConnect. */
  readonly wallet?: RegistryWallet
}

export interface WalletListInput {
  readonly config: Pick<PorticoConfig, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>
  readonly connectors: readonly Connector[]
  readonly recent: readonly RecentWallet[]
  /** Registry wallets fetched by id for `featuredWalletIds`. */
  readonly featured: readonly RegistryWallet[]
  /** Registry pages loaded so far (or search results). */
  readonly registry: readonly RegistryWallet[]
  /** The search text; while searching only matches are listed, without the QR entry and recents. */
  readonly search?: string
}

/**
 * AllWallets' rows (issue 5): the WalletConnect QR entry, recent wallets,
 * installed (discovered) wallets, featured, then the registry's, in the
 * connector group order; the integrator's include/exclude lists apply to
 * registry wallets; a registry wallet that is installed shows once, as installed.
 */
export function buildWalletList(input: WalletListInput): WalletEntry[] {
  const search = input.search?.trim().toLowerCase() ?? ''
  const matches = (name: string) => !search || name.toLowerCase().includes(search)
  const installed = [...new Map(input.connectors.filter((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED').map((c) => [c.id, c])).values()]
  const byRdns = new Map(installed.filter((c) => c.info?.rdns).map((c) => [c.info!.rdns!, c]))
  const filter = (wallets: readonly RegistryWallet[]) => filterWallets(wallets, input.config)
  const featuredOrder = new Map(input.config.featuredWalletIds.map((id, index) => [id, index]))

  const entries: WalletEntry[] = []
  if (!search) entries.push({ id: WALLETCONNECT_CONNECTOR_ID, group: 'walletConnect', name: WALLETCONNECT_NAME })
  // An installed wallet the registry lists is shown with the registry's name and icon (added below).
  const featured = filter(input.featured)
    .filter((w) => featuredOrder.has(w.id) && matches(w.name))
    .sort((a, b) => featuredOrder.get(a.id)! - featuredOrder.get(b.id)!)
  const listedWallets = [...featured, ...filter(input.registry)]
  const listed = new Set(listedWallets.map((w) => w.rdns).filter(Boolean))
  for (const connector of installed) {
    if (matches(connector.name) && !listed.has(connector.info?.rdns)) {
      entries.push({ id: connector.id, group: 'injected', name: connector.name, imageUrl: connector.imageUrl, installed: connector })
    }
  }
  if (!search) {
    // A recent wallet the registry also lists keeps the registry's links.
    const known = new Map([...input.featured, ...input.registry].map((w) => [w.id, w]))
    for (const recent of input.recent) {
      const wallet = known.get(recent.id) ?? recent
      entries.push({ id: recent.id, group: 'recent', name: wallet.name, imageUrl: wallet.imageUrl, wallet })
    }
  }
  const registryEntry = (wallet: RegistryWallet, group: ConnectorGroup): WalletEntry => {
    const connector = wallet.rdns ? byRdns.get(wallet.rdns) : undefined
    return connector
      ? { id: connector.id, group: 'injected', name: wallet.name, imageUrl: wallet.imageUrl ?? connector.imageUrl, installed: connector, wallet }
      : { id: wallet.id, group, name: wallet.name, imageUrl: wallet.imageUrl, wallet }
  }
  featured.forEach((wallet) => entries.push(registryEntry(wallet, 'featured')))
  filter(input.registry).forEach((wallet) => entries.push(registryEntry(wallet, 'recommended')))

  // First by group rank; the same wallet from two sources shows once, in its better group.
  const seen = new Set<string>()
  return sortByConnectorGroup(entries).filter((entry) => {
    const keys = [entry.id, entry.wallet?.id].filter((k): k is string => Boolean(k))
    if (keys.some((k) => seen.has(k))) return false
    keys.forEach((k) => seen.add(k))
    return true
  })
}
