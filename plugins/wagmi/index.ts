import { type PluginManifest, definePlugin } from '../../kernel/index.ts'
import { networkOfChain } from './networkOfChain.ts'
import type { WagmiConfig } from './wagmiConfig.ts'

export interface WagmiPluginOptions {
  /** The app's own wagmi config (`createConfig`), wagmi 2 or 3: the one source of the EVM connection. */
  readonly config: WagmiConfig
}

/**
 * Portico on the app's wagmi config, in the place of `eip155Plugin()` (same id, so it
 * replaces it in `allPlugins([...])` too). The EVM networks are the config's chains,
 * the modal's EVM wallets are its connectors (wagmi's EIP-6963 discovery included),
 * connecting in the modal is wagmi's `connect`, and the kit's EVM account, chain and
 * status follow wagmi's state. The body starts with the kit, because wagmi can connect
 * or disconnect from the app's own code at any time (`reconnect` on load, `disconnect()`).
 *
 * @example
 * const config = createConfig({ chains: [mainnet, base], transports: { ... } })
 * const kit = createPortico({ projectId, plugins: [wagmiPlugin({ config })] })
 */
export function wagmiPlugin({ config }: WagmiPluginOptions): PluginManifest {
  // The config's Portico connectors wait for this kit rather than creating one of their own.
  for (const connector of config.connectors) connector.porticoHost?.expect()
  return definePlugin({
    id: 'eip155',
    activationEvents: ['onStartup'],
    contributes: { namespaces: ['eip155'], networks: config.chains.map(networkOfChain) },
    load: async () => {
      const body = await import('./body.ts')
      return { activate: (context) => body.activate(context, config) }
    },
  })
}
