import { http, createPublicClient, formatUnits } from 'viem'
import { type CaipNetwork, ErrorText, IAdapterRegistry, type PluginManifest, PorticoError, definePlugin, resolve } from '../../kernel/index.ts'

/**
 * The eip155 namespace of the connectors' own kit: the wagmi config's chains as its
 * networks, and an adapter with no wallets of its own (the app's connect UI has those),
 * there for the balances of the embedded wallet's and WalletConnect's accounts, read over
 * each chain's own RPC URL.
 */
export function chainsPlugin(networks: readonly CaipNetwork[]): PluginManifest {
  return definePlugin({
    id: 'eip155',
    contributes: { namespaces: ['eip155'], networks },
    load: async () => ({
      activate: (context) =>
        resolve(context.container, IAdapterRegistry).register({
          namespace: 'eip155',
          connect: async (connector) => {
            throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${connector.id}` })
          },
          reconnect: async () => undefined,
          disconnect: async () => undefined,
          switchNetwork: async () => undefined,
          async getBalance(address, network) {
            const client = createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
            const wei = await client.getBalance({ address: address as `0x${string}` })
            return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
          },
          getProvider: () => undefined,
        }),
    }),
  })
}
