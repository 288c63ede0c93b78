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
 * Switching to a WalletConnect chain resyncs the account. A session
 * may hold another account on the new chain, or be the connection of another
 * namespace that spans this one too; the account is read again from it.
 */
async function resyncSessionAccount(ctx: ConnectionContext, namespace: ChainNamespace, connector: Connector | undefined) {
  const session = connector ? (connector.type === 'WALLET_CONNECT' ? connector : undefined) : spanningSession(ctx, namespace)
  if (!session) return
  try {
    const adapter = await ctx.adapters.resolveForConnector(session)
    const result = await adapter.reconnect(session)
    if (result) applyConnection(ctx, namespace, session, result)
  } catch (error) {
    ctx.logger.warn(`[Portico] could not resync the ${namespace} account from the WalletConnect session`, error)
  }
}

/** The WalletConnect connector of `namespace` when another namespace is connected through WalletConnect. */
function spanningSession(ctx: ConnectionContext, namespace: ChainNamespace): Connector | undefined {
  const others = Object.keys(ctx.storage.get('connectedConnectorIds') ?? {}) as ChainNamespace[]
  const wc = others.map((ns) => connectedConnector(ctx, ns)).find((c) => c?.type === 'WALLET_CONNECT')
  return wc && ctx.connectors.list().find((c) => c.id === wc.id && c.chain === namespace)
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
