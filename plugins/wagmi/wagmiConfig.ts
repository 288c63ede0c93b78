import type { Chain, EIP1193Provider } from 'viem'
import type { Config } from 'wagmi'
import type { ConnectorKitHost } from './connectorKit.ts'

/**
 * A wagmi connector as portico/wagmi reads it: the fields wagmi 2 and 3 both document.
 * `provider` is deliberately absent: it is asked for (`getProvider()`), never assumed.
 */
export interface WagmiConnector {
  readonly id: string
  readonly uid: string
  readonly name: string
  readonly type: string
  readonly icon?: string | undefined
  readonly rdns?: string | readonly string[] | undefined
  getProvider(): Promise<unknown>
  /** A Portico connector's (`porticoConnectors`): the host of its kit, and the kit's connector it stands for. */
  readonly porticoHost?: ConnectorKitHost
  readonly kitConnectorId?: string
}

/** One of wagmi's connections (`config.state.connections`). */
export interface WagmiConnection {
  readonly accounts: readonly string[]
  readonly chainId: number
  readonly connector: WagmiConnector
}

export interface WagmiState {
  readonly chainId: number
  readonly current: string | null
  readonly connections: ReadonlyMap<string, WagmiConnection>
  readonly status: 'connected' | 'connecting' | 'disconnected' | 'reconnecting'
}

/**
 * The app's wagmi config as portico/wagmi uses it: its public surface only (chains,
 * connectors, state, subscribe), which wagmi 2 and 3 share. Typed structurally rather than
 * as wagmi's `Config`, whose generics differ between the two majors, so both type-check.
 */
export interface WagmiConfig {
  readonly chains: readonly Chain[]
  readonly connectors: readonly WagmiConnector[]
  readonly state: WagmiState
  subscribe<T>(selector: (state: WagmiState) => T, listener: (selected: T, previous: T) => void): () => void
}

/**
 * wagmi's actions are typed against the installed major's `Config`; the app's config is
 * that very object, typed here by the surface both majors share.
 */
export function asActionConfig(config: WagmiConfig): Config {
  return config as unknown as Config
}

/** The connection wagmi calls current, when it is connected. */
export function currentConnection(state: WagmiState): WagmiConnection | undefined {
  return state.status === 'connected' && state.current ? state.connections.get(state.current) : undefined
}

/** An EIP-1193 provider, as the kit hands it to the app (`kit.getProvider('eip155')`). */
export type WagmiProvider = EIP1193Provider

/** The kit's connector id for a wagmi connector: a Portico connector stands for the kit's own. */
export function kitConnectorIdOf(connector: WagmiConnector): string {
  return connector.kitConnectorId ?? connector.id
}

/** The config's Portico connector standing for the kit's connector `kitConnectorId`. */
export function porticoConnectorFor(config: WagmiConfig, kitConnectorId: string | undefined): WagmiConnector | undefined {
  return kitConnectorId ? config.connectors.find((c) => c.porticoHost && c.kitConnectorId === kitConnectorId) : undefined
}
