import {
  IAdapterRegistry,
  IChainStore,
  IConnectionService,
  IStorage,
  type PluginContext,
  resolve,
} from '../../kernel/index.ts'
import { createWagmiAdapter } from './adapter.ts'
import { listWagmiConnectors } from './connectors.ts'
import { followWagmi } from './follow.ts'
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
  const unfollow = followWagmi({
    config,
    chains: resolve(context.container, IChainStore),
    storage: resolve(context.container, IStorage),
    connection: () => resolve(context.container, IConnectionService),
  })
  return () => {
    unfollow()
    unlist()
    unregister()
    adapter.dispose()
  }
}
