import { getAddress } from 'viem'
import { connect, disconnect, getBalance, switchChain } from 'wagmi/actions'
import type { ChainAdapter, ConnectResult, Connector } from '../../kernel/index.ts'
import { ErrorText, PorticoError } from '../../kernel/index.ts'
import { formatUnits, toWalletError } from '../../kernel/wallets/index.ts'
import { wagmiConnectorOf } from './connectors.ts'
import { type WagmiConfig, type WagmiConnection, type WagmiConnector, type WagmiProvider, asActionConfig, currentConnection } from './wagmiConfig.ts'

/** What the wagmi adapter does on the visitor's (or the app's) action, loaded then. */
export type WagmiActions = Pick<ChainAdapter, 'connect' | 'disconnect' | 'switchNetwork' | 'getBalance'> & Required<Pick<ChainAdapter, 'request'>>

/**
 * Every wallet action is one of wagmi's (connect, disconnect, switchChain), so wagmi's state
 * is the one source of truth and the kernel only ever applies what wagmi reports.
 * `resultOf` is the adapter's own, which keeps the connection's provider.
 */
export function createWagmiActions(config: WagmiConfig, resultOf: (connection: WagmiConnection) => Promise<ConnectResult>): WagmiActions {
  const actions = asActionConfig(config)
  const wagmiConnector = (connector: Connector): WagmiConnector => {
    const found = wagmiConnectorOf(config, connector)
    if (!found) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${connector.id}` })
    return found
  }
  return {
    async connect(connector, network) {
      const target = wagmiConnector(connector)
      // Already wagmi's connection (the app's own connect UI, or wagmi's reconnect): nothing to ask.
      const current = currentConnection(config.state)
      if (current?.connector.id === target.id) return resultOf(current)
      const chainId = config.chains.some((chain) => chain.id === Number(network.id)) ? Number(network.id) : undefined
      // `target` is wagmi's own connector object, typed here by the surface both majors share.
      const parameters = { connector: target, ...(chainId ? { chainId } : {}) } as unknown as Parameters<typeof connect>[1]
      await connect(actions, parameters)
      // What wagmi now holds, not what the call returned: the kit shows wagmi's state.
      const connection = currentConnection(config.state)
      if (connection?.connector.id !== target.id) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${target.id}` })
      return resultOf(connection)
    },

    async disconnect(connector) {
      const connected = [...config.state.connections.values()].find((c) => c.connector.id === connector.id)
      if (connected) await disconnect(actions, { connector: connected.connector as never })
    },

    async switchNetwork(connector, network) {
      await switchChain(actions, { chainId: Number(network.id), connector: wagmiConnector(connector) as never })
    },

    // wagmi's own getBalance, over the config's transport for the chain (declared once, there).
    async getBalance(address, network) {
      const { value, decimals } = await getBalance(actions, { address: getAddress(address), chainId: Number(network.id) })
      return { balance: formatUnits(value, decimals), symbol: network.nativeCurrency.symbol }
    },

    // kit.request for a wagmi connection: the kernel has checked that the method is allowed.
    // The answer goes to the app as the wallet gave it, as the wallet's own provider would.
    async request(connector, { method, params }) {
      const provider = (await wagmiConnector(connector).getProvider()) as WagmiProvider
      try {
        return await provider.request((params === undefined ? { method } : { method, params }) as never)
      } catch (error) {
        throw toWalletError(error, method)
      }
    },
  }
}
