import { IAdapterRegistry, IChainStore, IConnectionService, ISnackService, type PluginBody, resolve } from '../../../kernel/index.ts'
import { createSolanaAdapter } from './adapter.ts'
import { startDiscovery } from './discovery.ts'

/**
 * The solana plugin body: registers the chain adapter and starts wallet
 * discovery. @solana/web3.js is not imported here: the adapter loads it with the
 * first balance read or transaction.
 */
export const activate: PluginBody['activate'] = (context) => {
  const chains = resolve(context.container, IChainStore)
  const solana = () => chains.record('solana')
  const adapter = createSolanaAdapter({
    // Resolved per event, not now: the connection service may still be under construction.
    events: () => resolve(context.container, IConnectionService).events,
    network: () => solana()?.networkState.caipNetwork,
    address: () => solana()?.accountState.address,
    onSendFailed: (message) => resolve(context.container, ISnackService).showError(message),
  })
  const unregister = resolve(context.container, IAdapterRegistry).register(adapter)
  const stopDiscovery = startDiscovery({ connectors: context.connectors, config: context.config })
  return () => {
    stopDiscovery()
    unregister()
    adapter.dispose()
  }
}
