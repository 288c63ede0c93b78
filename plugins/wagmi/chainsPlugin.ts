import type { Chain } from 'viem'
import { ErrorText, IAdapterRegistry, type PluginManifest, PorticoError, definePlugin, resolve } from '../../kernel/index.ts'
import { formatUnits } from '../../kernel/wallets/index.ts'
import { createRpcClients, getNativeBalance } from '../namespaces/eip155/transport.ts'
import { networkOfChain } from './networkOfChain.ts'

/**
 * The eip155 namespace of the connectors' own kit: the wagmi config's chains as its
 * networks, and an adapter with no wallets of its own (the app's connect UI has those),
 * there for the balances of the embedded wallet's and WalletConnect's accounts.
 */
export function chainsPlugin(chains: readonly Chain[]): PluginManifest {
  return definePlugin({
    id: 'eip155',
    contributes: { namespaces: ['eip155'], networks: chains.map(networkOfChain) },
    load: async () => ({
      activate(context) {
        const rpc = createRpcClients()
        return resolve(context.container, IAdapterRegistry).register({
          namespace: 'eip155',
          connect: async (connector) => {
            throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${connector.id}` })
          },
          reconnect: async () => undefined,
          disconnect: async () => undefined,
          switchNetwork: async () => undefined,
          async getBalance(address, network) {
            const wei = await getNativeBalance(rpc.client(network), address as `0x${string}`)
            return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
          },
          getProvider: () => undefined,
        })
      },
    }),
  })
}
