import type { ChainNamespace } from '../chains/namespaces.ts'

export const CONNECTOR_TYPES = [
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'WALLET_CONNECT',
  'AUTH',
  'MULTI_CHAIN',
] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

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
}
