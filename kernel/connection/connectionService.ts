import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import { createAdapterEvents } from './adapterEvents.ts'
import type { AdapterEvents } from './chainAdapter.ts'
import { type ConnectParameters, connect } from './connect.ts'
import type { ConnectionContext } from './context.ts'
import { connectedConnector, disconnect } from './disconnect.ts'
import { restoreConnections } from './restoreConnections.ts'
import { switchNetwork } from './switchNetwork.ts'
import { syncBalance } from './syncBalance.ts'

/** The connection actions bound to one kit. */
export interface ConnectionService {
  connect(parameters: ConnectParameters): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  restore(): Promise<void>
  syncBalance(namespace: ChainNamespace): Promise<void>
  /** The connected wallet's provider for a namespace, for the host app to sign and send. */
  getProvider(namespace: ChainNamespace): unknown
  /** Handed to adapters so wallet events reach the kit's state. */
  readonly events: AdapterEvents
}

export function createConnectionService(ctx: ConnectionContext): ConnectionService {
  return {
    connect: (parameters) => connect(ctx, parameters),
    disconnect: (namespace) => disconnect(ctx, namespace),
    switchNetwork: (network) => switchNetwork(ctx, network),
    restore: () => restoreConnections(ctx),
    syncBalance: (namespace) => syncBalance(ctx, namespace),
    getProvider(namespace) {
      const connector = connectedConnector(ctx, namespace)
      const adapter = ctx.adapters.get(namespace)
      return connector && adapter && ctx.chains.record(namespace)?.accountState.address
        ? adapter.getProvider(connector)
        : undefined
    },
    events: createAdapterEvents(ctx),
  }
}
