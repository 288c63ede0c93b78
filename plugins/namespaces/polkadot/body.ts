import { IAdapterRegistry, IChainStore, IConnectionService, type PluginBody, resolve } from '../../../kernel/index.ts'
import { createPolkadotAdapter } from './adapter.ts'
import { startDiscovery } from './discovery.ts'

/** The polkadot plugin body: the chain adapter and `window.injectedWeb3` discovery. */
export const activate: PluginBody['activate'] = (context) => {
  const chains = resolve(context.container, IChainStore)
  const adapter = createPolkadotAdapter({
    events: () => resolve(context.container, IConnectionService).events,
    network: () => chains.record('polkadot')?.networkState.caipNetwork,
    address: () => chains.record('polkadot')?.accountState.address,
    appName: context.config.metadata?.name ?? 'Portico',
  })
  const unregister = resolve(context.container, IAdapterRegistry).register(adapter)
  const stopDiscovery = startDiscovery({ connectors: context.connectors, config: context.config })
  return () => {
    stopDiscovery()
    unregister()
    adapter.dispose()
  }
}
