import type { ChainNamespace } from '../chains/namespaces.ts'
import type { PorticoConfig } from '../config/schema.ts'

/**
 * A namespace plugin's `when`: a network of the namespace is configured and the
 * namespace has an adapter (`adapters: []`, the WalletConnect-only basic mode, has none).
 *
 * @example
 * definePlugin({ id: 'solana', when: servesNamespace('solana'), ... })
 */
export const servesNamespace =
  (namespace: ChainNamespace) =>
  (config: PorticoConfig): boolean =>
    config.networks.some((network) => network.chainNamespace === namespace) && config.adapters.includes(namespace)
