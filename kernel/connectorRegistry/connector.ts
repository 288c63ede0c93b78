import type { ChainNamespace } from '../chains/namespaces.ts'

export const CONNECTOR_TYPES = ['INJECTED', 'ANNOUNCED', 'EXTERNAL', 'WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN'] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/**
 * What the kernel and the shell do with a connector, declared by the plugin that registers
 * it, so that neither branches on a plugin's connector type.
 */
export interface ConnectorCapabilities {
  /** One session spans namespaces (WalletConnect, an embedded wallet): leaving one leaves them all, and a newly switched namespace joins it. */
  readonly sharedSession?: boolean
  /**
   * A go-between to other wallets (WalletConnect): the wallet it reached is the recent wallet, never
   * itself, and a network switch asks its session for the account there.
   */
  readonly relaysWallets?: boolean
  /** Shown in the Connect view's wallet list; `false` for one reached through its own section (a login form). Default true. */
  readonly listed?: boolean
}

/** A way to reach a wallet. `provider` is the wallet's own object. */
export interface Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  readonly imageUrl?: string
  readonly imageId?: string
  readonly explorerId?: string
  readonly info?: { readonly rdns?: string }
  readonly provider?: unknown
  readonly capabilities?: ConnectorCapabilities
}
