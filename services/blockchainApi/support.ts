import type { ChainNamespace } from '../../kernel/chains/namespaces.ts'
import type { PorticoConfig } from '../../kernel/config/schema.ts'
import type { BlockchainApi } from '../../protocol/api/contract.ts'

/** Where each account feature works (SPEC §6): balances on eip155 and solana, names and activity on eip155. */
export const FEATURE_NAMESPACES = {
  balance: ['eip155', 'solana'],
  activity: ['eip155'],
  names: ['eip155'],
} as const satisfies Record<string, readonly ChainNamespace[]>

export const supportsFeature = (feature: keyof typeof FEATURE_NAMESPACES, namespace: ChainNamespace) =>
  (FEATURE_NAMESPACES[feature] as readonly ChainNamespace[]).includes(namespace)

/**
 * What the kit's Blockchain API can answer, known from the config alone: the HTTP one
 * (`endpoints.blockchainApi` set) everything, the direct one balances only. Plugin
 * manifests read it to hide tabs the API cannot fill, before any code downloads.
 */
export function apiCapabilities(config: Pick<PorticoConfig, 'endpoints'>): BlockchainApi['capabilities'] {
  const http = Boolean(config.endpoints.blockchainApi)
  return { history: http, nfts: http, names: http, identity: http }
}
