import type { ConnectorGroup } from '../constants.ts'
import type { Connector } from '../connectorRegistry/connector.ts'

// Its own module: only the Connect view (behind the modal's import()) needs it, not the first screen.

/** What puts a connector in the recent or featured group: the stored recent wallets and `featuredWalletIds`. */
export interface ConnectorGroupLists {
  readonly recent: ReadonlySet<string>
  readonly featured: ReadonlySet<string>
}

/**
 * The group a connector is listed in on the Connect view, for CONNECTOR_TYPE_ORDER (SPEC §9):
 * WalletConnect, then the wallets used last, browser wallets, the integrator's featured ones,
 * a plugin's external ones, and any other.
 */
export function connectorGroup(connector: Pick<Connector, 'id' | 'type' | 'capabilities'>, lists: ConnectorGroupLists): ConnectorGroup {
  // The group SPEC §9 calls walletConnect: a session that relays the visitor's phone wallets.
  if (connector.capabilities?.relaysWallets) return 'walletConnect'
  if (lists.recent.has(connector.id)) return 'recent'
  if (connector.type === 'INJECTED' || connector.type === 'ANNOUNCED') return 'injected'
  if (lists.featured.has(connector.id)) return 'featured'
  return connector.type === 'EXTERNAL' ? 'external' : 'recommended'
}
