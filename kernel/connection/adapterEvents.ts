import type { ChainNamespace } from '../chains/namespaces.ts'
import { afterConnect } from './afterConnect.ts'
import type { AdapterEvents } from './chainAdapter.ts'
import type { ConnectionContext } from './context.ts'
import { disconnect } from './disconnect.ts'
import { resolveNetwork, shouldShowUnsupportedChain } from './resolveNetwork.ts'
import { setActiveNetwork } from './switchNetwork.ts'
import { syncBalance } from './syncBalance.ts'

/** Live wallet events (accountsChanged, chainChanged, disconnect) applied to state. */
export function createAdapterEvents(ctx: ConnectionContext): AdapterEvents {
  // Events from a wallet that is not the connected one for its namespace are someone else's business.
  const isCurrent = (namespace: ChainNamespace, connectorId: string) =>
    ctx.storage.get('connectedConnectorIds')?.[namespace] === connectorId && Boolean(ctx.chains.record(namespace)?.accountState.address)

  return {
    accountsChanged(namespace, connectorId, addresses) {
      if (!isCurrent(namespace, connectorId)) return
      const [address] = addresses
      if (!address) return void disconnect(ctx, namespace).catch(() => undefined)
      const { networkState, accountState } = ctx.chains.record(namespace)!
      const network = networkState.caipNetwork!
      // Keep what the adapter said an account is (an injected wallet's are eoa); new ones get the preferred type.
      const accountType = (a: string) => accountState.allAccounts.find((entry) => entry.address.toLowerCase() === a.toLowerCase())?.type ?? accountState.preferredAccountType
      const changed = accountState.address?.toLowerCase() !== address.toLowerCase()
      ctx.chains.updateAccount(namespace, {
        address,
        caipAddress: `${network.caipNetworkId}:${address}`,
        allAccounts: addresses.map((a) => ({ address: a, type: accountType(a), namespace })),
        balance: undefined,
      })
      void syncBalance(ctx, namespace)
      // Another account is a new connection for the plugins' steps: its own sign-in, say.
      if (changed) void afterConnect(ctx, namespace)
    },
    chainChanged(namespace, connectorId, chainId) {
      if (!isCurrent(namespace, connectorId)) return
      const { network, supported } = resolveNetwork(ctx.chains.networks(), namespace, chainId)
      if (ctx.chains.record(namespace)?.networkState.caipNetwork?.caipNetworkId === network.caipNetworkId) return
      setActiveNetwork(ctx, network)
      if (shouldShowUnsupportedChain(ctx.config, supported)) ctx.modal.open({ view: 'UnsupportedChain' })
    },
    disconnected(namespace, connectorId) {
      if (isCurrent(namespace, connectorId)) void disconnect(ctx, namespace).catch(() => undefined)
    },
  }
}
