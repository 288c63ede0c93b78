import type { Chain } from 'viem'
import { type CaipNetwork, type PluginManifest, defineNetwork, definePlugin } from '../../kernel/index.ts'
import type { WagmiConfig } from './wagmiConfig.ts'

/**
 * A wagmi (viem) chain as a Portico network, in the manifest (not a body file: the networks
 * are known before anything loads), so the app declares each chain once, in its
 * wagmi config.
 */
function networkOfChain(chain: Chain): CaipNetwork {
  const explorer = chain.blockExplorers?.default
  return defineNetwork({
    id: chain.id,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  })
}

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
