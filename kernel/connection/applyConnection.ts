import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector } from '../connectorRegistry/connector.ts'
import type { ConnectResult } from './chainAdapter.ts'
import type { ConnectionContext } from './context.ts'
import { resolveNetwork, shouldShowUnsupportedChain } from './resolveNetwork.ts'
import { syncBalance } from './syncBalance.ts'

/**
 * Fills the account state after a connection or a resumed one (address,
 * account list, network; status connected) and remembers it for the next visit.
 */
export function applyConnection(ctx: ConnectionContext, namespace: ChainNamespace, connector: Connector, result: ConnectResult): void {
  const { network, supported } = resolveNetwork(ctx.chains.networks(), namespace, result.chainId)
  const explorer = network.blockExplorers?.['default']?.url
  ctx.chains.updateNetwork(namespace, { caipNetwork: network })
  // Stored before the account says "connected": whoever reacts to that status (a
  // usePorticoProvider hook, a vanilla store subscriber) must find the connector.
  remember(ctx, namespace, connector)
  ctx.chains.updateAccount(namespace, {
    address: result.address,
    caipAddress: `${network.caipNetworkId}:${result.address}`,
    allAccounts: result.accounts ?? [{ address: result.address, type: ctx.chains.record(namespace)!.accountState.preferredAccountType, namespace }],
    addressExplorerUrl: explorer ? `${explorer}/address/${result.address}` : undefined,
    connectedWalletInfo: {
      ...(result.wallet
        ? { name: result.wallet.name, icon: result.wallet.icon, identifier: result.wallet.id }
        : { name: connector.name, icon: connector.imageUrl, identifier: connector.info?.rdns }),
      ...(result.socialProvider ? { social: result.socialProvider } : {}),
    },
    socialProvider: result.socialProvider,
    ...(result.user ? { user: result.user } : {}),
    ...(result.smartAccountDeployed !== undefined ? { smartAccountDeployed: result.smartAccountDeployed } : {}),
    ...(result.preferredAccountType ? { preferredAccountType: result.preferredAccountType } : {}),
    status: 'connected',
  })
  ctx.chains.set({ activeNamespace: namespace, activeCaipNetwork: network })
  if (shouldShowUnsupportedChain(ctx.config, supported)) {
    ctx.router.reset('UnsupportedChain')
    if (!ctx.modal.store.get().open) ctx.modal.open({ view: 'UnsupportedChain' })
  }
  void syncBalance(ctx, namespace)
}

function remember(ctx: ConnectionContext, namespace: ChainNamespace, connector: Connector) {
  const { storage } = ctx
  storage.set('connectionStatus', 'connected')
  storage.set('connectedConnectorIds', { ...storage.get('connectedConnectorIds'), [namespace]: connector.id })
  storage.set('connectedNamespaces', [...new Set([...(storage.get('connectedNamespaces') ?? []), namespace])])
  storage.set('activeNamespace', namespace)
  const network = ctx.chains.record(namespace)?.networkState.caipNetwork
  if (network) storage.set('activeCaipNetworkId', network.caipNetworkId)
}
