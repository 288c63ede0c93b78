import { getAddress } from 'viem'
import { connect, disconnect, getBalance, switchChain } from 'wagmi/actions'
import type { ChainAdapter, Connector, ConnectResult } from '../../kernel/index.ts'
import { ErrorText, PorticoError } from '../../kernel/index.ts'
import { formatUnits, toWalletError } from '../../kernel/wallets/index.ts'
import { wagmiConnectorOf } from './connectors.ts'
import { type WagmiConfig, type WagmiConnection, type WagmiConnector, type WagmiProvider, asActionConfig, currentConnection } from './wagmiConfig.ts'

export interface WagmiAdapterOptions {
  readonly config: WagmiConfig
  /** How long a resumed kit waits for wagmi's own reconnect to start (the app mounts wagmi after the kit). */
  readonly reconnectWaitMs: number
}

/**
 * The eip155 ChainAdapter over the app's wagmi config: every wallet action is one of
 * wagmi's (connect, disconnect, switchChain), so wagmi's state is the one source of truth
 * and the kernel only ever applies what wagmi reports.
 */
export function createWagmiAdapter({ config, reconnectWaitMs }: WagmiAdapterOptions): ChainAdapter & { dispose(): void } {
  const actions = asActionConfig(config)
  // Providers of connected wagmi connectors, so `getProvider` (synchronous) can answer.
  const providers = new Map<string, unknown>()
  const wagmiConnector = (connector: Connector): WagmiConnector => {
    const found = wagmiConnectorOf(config, connector)
    if (!found) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${connector.id}` })
    return found
  }
  const result = async (connection: WagmiConnection): Promise<ConnectResult> => {
    providers.set(connection.connector.id, await connection.connector.getProvider())
    const addresses = connection.accounts.map((address) => getAddress(address))
    return {
      address: addresses[0]!,
      chainId: connection.chainId,
      accounts: addresses.map((address) => ({ address, type: 'eoa', namespace: 'eip155' })),
    }
  }

  return {
    namespace: 'eip155',

    async connect(connector, network) {
      const target = wagmiConnector(connector)
      // Already wagmi's connection (the app's own connect UI, or wagmi's reconnect): nothing to ask.
      const current = currentConnection(config.state)
      if (current?.connector.id === target.id) return result(current)
      const chainId = config.chains.some((chain) => chain.id === Number(network.id)) ? Number(network.id) : undefined
      // `target` is wagmi's own connector object, typed here by the surface both majors share.
      const parameters = { connector: target, ...(chainId ? { chainId } : {}) } as unknown as Parameters<typeof connect>[1]
      await connect(actions, parameters)
      // What wagmi now holds, not what the call returned: the kit shows wagmi's state.
      const connection = currentConnection(config.state)
      if (connection?.connector.id !== target.id) throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: `connector ${target.id}` })
      return result(connection)
    },

    async reconnect(connector) {
      const connection = await settled(config, reconnectWaitMs)
      return connection?.connector.id === connector.id ? result(connection) : undefined
    },

    async disconnect(connector) {
      providers.delete(connector.id)
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

    getProvider: (connector) => providers.get(connector.id),

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

    dispose: () => providers.clear(),
  }
}

/**
 * wagmi's connection once it is no longer on its way: at once when wagmi is connected, else
 * when its (re)connect ends. A disconnected wagmi is given `waitMs` to start the reconnect its
 * provider runs on mount, which comes after the kit; once one has started it is waited for.
 */
function settled(config: WagmiConfig, waitMs: number): Promise<WagmiConnection | undefined> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let began = false
    const check = () => {
      const { status } = config.state
      if (status === 'connecting' || status === 'reconnecting') {
        began = true
        clearTimeout(timer)
      } else if (status === 'connected') done(currentConnection(config.state))
      else if (began) done(undefined)
      else timer ??= setTimeout(() => done(undefined), waitMs)
    }
    const stop = config.subscribe((state) => state.status, check)
    function done(connection: WagmiConnection | undefined) {
      clearTimeout(timer)
      stop()
      resolve(connection)
    }
    check()
  })
}
