import { IAdapterRegistry, IConnectionService, type PluginBody, resolve } from '../../../kernel/index.ts'
import { createEip155Adapter } from './adapter.ts'
import { startDiscovery } from './discovery.ts'
import { createRpcClients } from './transport.ts'

/**
 * The eip155 plugin body: registers the chain adapter and starts wallet
 * discovery. Loaded when the kernel resolves the eip155 adapter (connect,
 * resume) and, once the kernel supports it, on the first modal open.
 */
export const activate: PluginBody['activate'] = (context) => {
  const adapter = createEip155Adapter({
    // Resolved per event, not now: the connection service may still be under construction.
    events: () => resolve(context.container, IConnectionService).events,
    rpc: createRpcClients(),
  })
  const unregister = resolve(context.container, IAdapterRegistry).register(adapter)
  const stopDiscovery = startDiscovery({ connectors: context.connectors, config: context.config })
  return () => {
    stopDiscovery()
    unregister()
    adapter.dispose()
  }
}
