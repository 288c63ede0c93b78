import type { CaipNetwork } from '../chains/network.ts'
import { PorticoError } from '../errors/base.ts'
import { Alerts, ErrorText } from '../errors/catalogue.ts'
import type { ConnectionContext } from './context.ts'
import { connectedConnector } from './connectedConnector.ts'
import { syncBalance } from './syncBalance.ts'

/**
 * SPEC §4 Switching network: a network outside the configured list raises the
 * network-not-found alert; a connected wallet is asked first (its refusal leaves
 * everything as it was); then the namespace and network are set and the address
 * is recomposed.
 */
export async function switchNetwork(ctx: ConnectionContext, target: CaipNetwork): Promise<void> {
  const network = ctx.chains.networks().find((n) => n.caipNetworkId === target.caipNetworkId)
  if (!network) {
    // SPEC §5: every such switch shows the alert, not only the first one
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
  if (ctx.router.current().view === 'UnsupportedChain' && ctx.modal.store.get().open) ctx.modal.close()
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
