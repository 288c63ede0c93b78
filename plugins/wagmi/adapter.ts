import { getAddress } from 'viem'
import type { ChainAdapter, ConnectResult } from '../../kernel/index.ts'
import type { WagmiActions } from './adapterActions.ts'
import { type WagmiConfig, type WagmiConnection, currentConnection } from './wagmiConfig.ts'

export interface WagmiAdapterOptions {
  readonly config: WagmiConfig
  /** How long a resumed kit waits for wagmi's own reconnect to start (the app mounts wagmi after the kit). */
  readonly reconnectWaitMs: number
}

/**
 * The eip155 ChainAdapter over the app's wagmi config. What a reload needs (wagmi's
 * reconnect, taken as it settles) is here; the wallet actions, each one of wagmi's, load
 * on first use (adapterActions.ts), so an app's start carries only this.
 */
export function createWagmiAdapter({ config, reconnectWaitMs }: WagmiAdapterOptions): ChainAdapter & { dispose(): void } {
  // Providers of connected wagmi connectors, so `getProvider` (synchronous) can answer.
  const providers = new Map<string, unknown>()
  const result = async (connection: WagmiConnection): Promise<ConnectResult> => {
    providers.set(connection.connector.id, await connection.connector.getProvider())
    const addresses = connection.accounts.map((address) => getAddress(address))
    return {
      address: addresses[0]!,
      chainId: connection.chainId,
      accounts: addresses.map((address) => ({ address, type: 'eoa', namespace: 'eip155' })),
    }
  }
  let loaded: Promise<WagmiActions> | undefined
  const actions = () => (loaded ??= import('./adapterActions.ts').then(({ createWagmiActions }) => createWagmiActions(config, result)))

  return {
    namespace: 'eip155',
    connect: async (connector, network) => (await actions()).connect(connector, network),

    async reconnect(connector) {
      const connection = await settled(config, reconnectWaitMs)
      return connection?.connector.id === connector.id ? result(connection) : undefined
    },

    async disconnect(connector) {
      providers.delete(connector.id)
      await (await actions()).disconnect(connector)
    },
    switchNetwork: async (connector, network) => (await actions()).switchNetwork(connector, network),
    getBalance: async (address, network) => (await actions()).getBalance(address, network),
    getProvider: (connector) => providers.get(connector.id),
    request: async (connector, request) => (await actions()).request(connector, request),
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
