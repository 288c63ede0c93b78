import { IAdapterRegistry, IChainStore, IConnectionService, IModalService, IStorage, type PluginContext, resolve } from '../../kernel/index.ts'
import { createWagmiAdapter } from './adapter.ts'
import { listWagmiConnectors } from './connectors.ts'
import { followWagmi } from './follow.ts'
import { followKit } from './followKit.ts'
import type { ConnectorKit } from './connectorKit.ts'
import type { WagmiConfig } from './wagmiConfig.ts'

/**
 * How long a kit resuming a stored connection waits for wagmi's reconnect to begin: the
 * app's WagmiProvider runs it on mount, after the kit started (Portico's choice).
 */
export const WAGMI_RECONNECT_WAIT_MS = 2_000

/**
 * The wagmi plugin body: the eip155 adapter over wagmi's actions, the config's connectors
 * as the modal's wallets, and the kit following wagmi's state from the start.
 */
export function activate(context: PluginContext, config: WagmiConfig) {
  const adapter = createWagmiAdapter({ config, reconnectWaitMs: WAGMI_RECONNECT_WAIT_MS })
  const unregister = resolve(context.container, IAdapterRegistry).register(adapter)
  const unlist = listWagmiConnectors(config, context.connectors, context.config)
  const chains = resolve(context.container, IChainStore)
  const storage = resolve(context.container, IStorage)
  const connection = () => resolve(context.container, IConnectionService)
  const unfollow = followWagmi({ config, chains, storage, connection })
  // The config's Portico connectors use this kit: one modal, one session.
  const kit = {
    chains,
    storage,
    modal: resolve(context.container, IModalService),
    getProvider: (namespace) => connection().getProvider(namespace),
    disconnect: (namespace) => connection().disconnect(namespace),
    switchNetwork: (network) => connection().switchNetwork(network),
  } satisfies ConnectorKit
  for (const connector of config.connectors) connector.porticoHost?.bind(kit)
  const unfollowKit = followKit({ config, chains, storage })
  return () => {
    unfollowKit()
    unfollow()
    unlist()
    unregister()
    adapter.dispose()
  }
}
