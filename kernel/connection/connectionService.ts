import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { RpcRequest } from '../rpc/rpcRegistry.ts'
import type { ConnectorIds } from '../storage/otherTabs.ts'
import type { AdapterEvents } from './chainAdapter.ts'
import type { ConnectParameters } from './connect.ts'
import { connectedConnector } from './connectedConnector.ts'
import type { ConnectionContext } from './context.ts'

/** The connection actions bound to one kit. */
export interface ConnectionService {
  connect(parameters: ConnectParameters): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Start-up: the stored network comes back; stored connections are resumed. */
  restore(): Promise<void>
  /** Another tab of the site changed the stored connections (ids before and after): this tab follows. */
  followOtherTab(before: ConnectorIds, after: ConnectorIds): Promise<void>
  syncBalance(namespace: ChainNamespace): Promise<void>
  /** The connected wallet's provider for a namespace, for the host app to sign and send. */
  getProvider(namespace: ChainNamespace): unknown
  /**
   * Sends an RPC request to the wallet connected for the method's namespace, through
   * its adapter; 'Adapter not found' when none is connected or its adapter cannot.
   */
  request(request: RpcRequest): Promise<unknown>
  /** Handed to adapters so wallet events reach the kit's state. */
  readonly events: AdapterEvents
}

const ADDRESS_CACHES = ['nativeBalanceCache', 'portfolioCache', 'identityCache', 'ensCache'] as const

/**
 * A small facade over the actions chunk: the first screen of a first visit
 * never downloads connection code it does not run.
 */
export function createConnectionService(ctx: ConnectionContext): ConnectionService {
  let actions: Promise<typeof import('./actions.ts')> | undefined
  const load = () => (actions ??= import('./actions.ts'))
  let events: AdapterEvents | undefined
  const withEvents = async () => (events ??= (await load()).createAdapterEvents(ctx))

  return {
    connect: async (parameters) => (await load()).connect(ctx, parameters),
    disconnect: async (namespace) => (await load()).disconnect(ctx, namespace),
    switchNetwork: async (network) => (await load()).switchNetwork(ctx, network),
    syncBalance: async (namespace) => (await load()).syncBalance(ctx, namespace),
    followOtherTab: async (before, after) => (await load()).followOtherTab(ctx, before, after),
    async restore() {
      const stored = ctx.chains.networks().find((n) => n.caipNetworkId === ctx.storage.get('activeCaipNetworkId'))
      if (stored) {
        ctx.chains.updateNetwork(stored.chainNamespace, { caipNetwork: stored })
        ctx.chains.set({ activeNamespace: stored.chainNamespace, activeCaipNetwork: stored })
      }
      if (ctx.storage.get('connectionStatus') === 'connected') return (await load()).resumeConnections(ctx)
      // A stored "disconnected" clears the address caches.
      ADDRESS_CACHES.forEach((cache) => ctx.storage.remove(cache))
    },
    getProvider(namespace) {
      const connector = connectedConnector(ctx, namespace)
      const adapter = connector && ctx.adapters.forConnector(connector)
      return connector && adapter && ctx.chains.record(namespace)?.accountState.address ? adapter.getProvider(connector) : undefined
    },
    request: async (request) => (await load()).sendRequest(ctx, request),
    events: {
      accountsChanged: (...args) => void withEvents().then((e) => e.accountsChanged(...args)),
      chainChanged: (...args) => void withEvents().then((e) => e.chainChanged(...args)),
      disconnected: (...args) => void withEvents().then((e) => e.disconnected(...args)),
    },
  }
}
