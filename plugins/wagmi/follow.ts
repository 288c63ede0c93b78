import type { ChainStore, ConnectionService, Disposer, PorticoStorage } from '../../kernel/index.ts'
import { type WagmiConfig, currentConnection, kitConnectorIdOf, porticoConnectorFor } from './wagmiConfig.ts'

export interface FollowOptions {
  readonly config: WagmiConfig
  readonly chains: ChainStore
  readonly storage: PorticoStorage
  /** Read per change, not now: the connection service may still be under construction. */
  readonly connection: () => ConnectionService
}

/**
 * Makes the kit's EVM account, chain and status follow wagmi's state, whoever changed it:
 * the app's own connect UI or `disconnect()`, wagmi's reconnect on load, the wallet. The
 * kit never connects around wagmi: a new wagmi connection reaches the kit through the
 * kernel's connect, whose adapter finds wagmi already connected and asks the wallet nothing.
 * While the kit is connecting itself (the modal, a resume), that connection ends with
 * wagmi's answer, so nothing is done twice.
 *
 * @returns a disposer that stops following.
 */
export function followWagmi({ config, chains, storage, connection }: FollowOptions): Disposer {
  const follow = () => {
    const account = chains.record('eip155')?.accountState
    if (!account || account.status === 'connecting') return
    const kitConnectorId = account.address ? storage.get('connectedConnectorIds')?.eip155 : undefined
    const wagmi = currentConnection(config.state)
    const wagmiConnectorId = wagmi && kitConnectorIdOf(wagmi.connector)
    if (wagmi && wagmiConnectorId !== kitConnectorId) {
      void connection()
        .connect({ connectorId: wagmiConnectorId!, namespace: 'eip155' })
        .catch(() => undefined)
    } else if (wagmi) {
      // A Portico connector's account and chain are the kit's own already.
      if (wagmi.connector.porticoHost) return
      connection().events.accountsChanged('eip155', wagmi.connector.id, wagmi.accounts)
      connection().events.chainChanged('eip155', wagmi.connector.id, wagmi.chainId)
    } else if (kitConnectorId && config.state.status === 'disconnected' && !porticoConnectorFor(config, kitConnectorId)) {
      // A connection through the kit's own email or WalletConnect entry is the kit's to end
      // (wagmi follows it, see followKit), not wagmi's.
      connection().events.disconnected('eip155', kitConnectorId)
    }
  }
  const stop = config.subscribe((state) => state, follow)
  follow()
  return stop
}
