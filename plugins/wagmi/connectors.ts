import { watchConnectors } from 'wagmi/actions'
import type { Connector, ConnectorRegistry, Disposer, PorticoConfig } from '../../kernel/index.ts'
import { filterWallets, safeIconUrl } from '../../kernel/index.ts'
import { type WagmiConfig, type WagmiConnector, asActionConfig } from './wagmiConfig.ts'

/**
 * wagmi connector types the modal does not list: a WalletConnect connector needs a QR
 * view of its own, which Portico's `walletConnectPlugin()` already is. Portico's own
 * connectors (`porticoHost`) are not listed either: they stand for the kit's email and
 * WalletConnect entries, listed once, by the kit.
 */
const NOT_LISTED = ['walletConnect']

/** The modal's connector for a wagmi connector: same id, so the kit and wagmi name a wallet alike. */
export function connectorOf(connector: WagmiConnector): Connector {
  const rdns = rdnsOf(connector)
  return {
    id: connector.id,
    name: connector.name,
    type: connector.type !== 'injected' ? 'EXTERNAL' : rdns ? 'ANNOUNCED' : 'INJECTED',
    chain: 'eip155',
    imageUrl: safeIconUrl(connector.icon),
    ...(rdns ? { info: { rdns } } : {}),
  }
}

/** The wagmi connector behind one of the modal's. */
export function wagmiConnectorOf(config: WagmiConfig, connector: Connector): WagmiConnector | undefined {
  return config.connectors.find((c) => c.id === connector.id)
}

/**
 * The wallet's EIP-6963 rdns: a connector's own `rdns`, or the id wagmi's discovery gives an
 * announced wallet's connector (its rdns); the bare `injected()` (window.ethereum) has none.
 */
function rdnsOf(connector: WagmiConnector): string | undefined {
  if (connector.rdns) return typeof connector.rdns === 'string' ? connector.rdns : connector.rdns[0]
  return connector.type === 'injected' && connector.id !== 'injected' ? connector.id : undefined
}

/**
 * Lists the config's connectors as the modal's EVM wallets, and keeps the list in step as
 * wagmi's EIP-6963 discovery adds wallets. The integrator's include/exclude lists apply by id.
 *
 * @returns a disposer that stops watching and removes the connectors it added.
 */
export function listWagmiConnectors(config: WagmiConfig, registry: ConnectorRegistry, options: Pick<PorticoConfig, 'includeWalletIds' | 'excludeWalletIds'>): Disposer {
  const added = new Map<string, Disposer>()
  const sync = (connectors: readonly WagmiConnector[]) => {
    const listed = filterWallets(
      connectors.filter((c) => !NOT_LISTED.includes(c.type) && !c.porticoHost),
      options,
    )
    const ids = new Set(listed.map((c) => c.id))
    for (const [id, remove] of added) if (!ids.has(id)) remove(), added.delete(id)
    // The first connector with an id wins, as in wagmi's own reconnect order.
    for (const connector of listed) if (!added.has(connector.id)) added.set(connector.id, registry.add(connectorOf(connector)))
  }
  sync(config.connectors)
  const unwatch = watchConnectors(asActionConfig(config), { onChange: (connectors) => sync(connectors) })
  return () => {
    unwatch()
    added.forEach((remove) => remove())
    added.clear()
  }
}
