import { ErrorText, IAdapterRegistry, IChainStore, IConnectionService, type PluginBody, PorticoError, resolve } from '../../../kernel/index.ts'
import { createBip122Adapter } from './adapter.ts'
import { startDiscovery } from './discovery.ts'
import { BIP122_METHODS } from './contract.ts'
import type { BitcoinProvider } from './provider.ts'

/**
 * The bip122 plugin body: the chain adapter, Wallet Standard discovery, and a
 * handler for each of the four bip122 RPC methods, answered by the connected wallet.
 */
export const activate: PluginBody['activate'] = (context) => {
  const chains = resolve(context.container, IChainStore)
  const connection = () => resolve(context.container, IConnectionService)
  const adapter = createBip122Adapter({
    events: () => connection().events,
    network: () => chains.record('bip122')?.networkState.caipNetwork,
  })
  const unregister = resolve(context.container, IAdapterRegistry).register(adapter)
  const stopDiscovery = startDiscovery({ connectors: context.connectors, config: context.config })
  const handlers = BIP122_METHODS.map((method) =>
    context.rpc.register(method, async (params) => {
      const provider = connection().getProvider('bip122') as BitcoinProvider | undefined
      if (!provider) throw new PorticoError(ErrorText.NO_ACTIVE_CAIP_ADDRESS, { details: 'bip122' })
      return provider.request({ method, params })
    }),
  )
  return () => {
    handlers.forEach((dispose) => dispose())
    stopDiscovery()
    unregister()
    adapter.dispose()
  }
}
