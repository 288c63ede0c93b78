import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector } from '../connectorRegistry/connector.ts'
import { applyConnection } from './applyConnection.ts'
import { PorticoError } from '../errors/base.ts'
import { Alerts, ErrorText } from '../errors/catalogue.ts'
import type { ConnectionContext } from './context.ts'
import { connectedConnector } from './connectedConnector.ts'
import { syncBalance } from './syncBalance.ts'

/**
 * Switching network: a network outside the configured list raises the
 * network-not-found alert; a connected wallet is asked first (its refusal leaves
 * everything as it was); then the namespace and network are set and the address
 * is recomposed.
 */
export async function switchNetwork(ctx: ConnectionContext, target: CaipNetwork): Promise<void> {
  const network = ctx.chains.networks().find((n) => n.caipNetworkId === target.caipNetworkId)
  if (!network) {
    // Every such switch shows the alert, not only the first one
    ctx.alerts.report(Alerts.NETWORK_NOT_FOUND, 'error', { once: false })
    throw new PorticoError(ErrorText.NETWORK_NOT_FOUND, { details: target.caipNetworkId })
  }
  const namespace = network.chainNamespace
  const connector = connectedConnector(ctx, namespace)
  if (connector && ctx.chains.record(namespace)?.accountState.address) {
    const adapter = await ctx.adapters.resolveForConnector(connector)
    await adapter.switchNetwork(connector, network)
  }
  setActiveNetwork(ctx, network)
  await resyncSessionAccount(ctx, namespace, connector)
  if (ctx.router.current().view === 'UnsupportedChain' && ctx.modal.store.get().open) ctx.modal.close()
}

/**
 * Switching to a chain of a session that spans namespaces (WalletConnect, an embedded
 * wallet) resyncs the account. A WalletConnect session may hold another account on the
 * new chain; and when the new namespace is not connected yet but another namespace is
 * connected through such a session, the new one connects through that session's
 * connector too, without a prompt. When it cannot, the namespace stays as it was, for
 * its own adapter to connect.
 */
async function resyncSessionAccount(ctx: ConnectionContext, namespace: ChainNamespace, connector: Connector | undefined) {
  const session = connector ? (connector.capabilities?.relaysWallets ? connector : undefined) : spanningSession(ctx, namespace)
  if (!session) return
  try {
    const adapter = await ctx.adapters.resolveForConnector(session)
    const result = await adapter.reconnect(session)
    if (result) applyConnection(ctx, namespace, session, result)
  } catch (error) {
    ctx.logger.warn(`[Portico] could not resync the ${namespace} account from the ${session.type} session`, error)
  }
}

/** The connector of `namespace` for a session that spans namespaces and connects another namespace. */
function spanningSession(ctx: ConnectionContext, namespace: ChainNamespace): Connector | undefined {
  const others = Object.keys(ctx.storage.get('connectedConnectorIds') ?? {}) as ChainNamespace[]
  const shared = others.map((ns) => connectedConnector(ctx, ns)).find((c) => c?.capabilities?.sharedSession)
  return shared && ctx.connectors.list().find((c) => c.id === shared.id && c.type === shared.type && c.chain === namespace)
}

/** Makes `network` active: namespace switched if it differs, address recomposed, balance re-read. */
export function setActiveNetwork(ctx: ConnectionContext, network: CaipNetwork): void {
  const namespace = network.chainNamespace
  ctx.chains.updateNetwork(namespace, { caipNetwork: network })
  ctx.chains.set({ activeNamespace: namespace, activeCaipNetwork: network })
  const address = ctx.chains.record(namespace)?.accountState.address
  if (address) {
    ctx.chains.updateAccount(namespace, {
      caipAddress: `${network.caipNetworkId}:${address}`,
      balance: undefined,
      balanceSymbol: undefined,
    })
  }
  ctx.storage.set('activeNamespace', namespace)
  ctx.storage.set('activeCaipNetworkId', network.caipNetworkId)
  // The send form and other per-network views reset on this event.
  ctx.bus.emit({
    type: 'SWITCH_NETWORK',
    properties: { caipNetworkId: network.caipNetworkId, chainId: network.id, caipNetwork: network },
  })
  void syncBalance(ctx, namespace)
}
