import { connect } from 'wagmi/actions'
import type { ChainStore, Disposer, PorticoStorage } from '../../kernel/index.ts'
import { type WagmiConfig, asActionConfig, currentConnection, porticoConnectorFor } from './wagmiConfig.ts'

export interface FollowKitOptions {
  readonly config: WagmiConfig
  readonly chains: ChainStore
  readonly storage: PorticoStorage
}

/**
 * Brings wagmi along when the visitor logs in through the kit's own email or WalletConnect
 * entry: wagmi connects the Portico connector standing for it, which finds the kit connected
 * and asks nothing. The other way (the kit following wagmi) is followWagmi's.
 *
 * @returns a disposer that stops following.
 */
export function followKit({ config, chains, storage }: FollowKitOptions): Disposer {
  const follow = () => {
    if (chains.record('eip155')?.accountState.status !== 'connected') return
    const connector = porticoConnectorFor(config, storage.get('connectedConnectorIds')?.eip155)
    const { status } = config.state
    if (!connector || status === 'connecting' || status === 'reconnecting') return
    if (currentConnection(config.state)?.connector.id === connector.id) return
    // `connector` is wagmi's own object, typed here by the surface both majors share.
    void connect(asActionConfig(config), { connector } as unknown as Parameters<typeof connect>[1]).catch(() => undefined)
  }
  const stop = chains.subscribe(follow)
  follow()
  return stop
}
