import type { CaipNetworkId } from '../chains/caip.ts'
import { type CaipNetwork, unsupportedNetworkPlaceholder } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { PorticoConfig } from '../config/schema.ts'

/** The kit's network for a wallet's chain id, or the unsupported-network placeholder. */
export function resolveNetwork(networks: readonly CaipNetwork[], namespace: ChainNamespace, chainId: string | number): { network: CaipNetwork; supported: boolean } {
  const caipNetworkId: CaipNetworkId = `${namespace}:${chainId}`
  const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
  return network ? { network, supported: true } : { network: unsupportedNetworkPlaceholder(caipNetworkId, namespace), supported: false }
}

/**
 * UnsupportedChain shows only when all four hold: the network is unsupported,
 * network switching is on, unsupported chains are not allowed, and there are adapters.
 */
export function shouldShowUnsupportedChain(config: PorticoConfig, supported: boolean): boolean {
  return !supported && config.enableNetworkSwitch && !config.allowUnsupportedChain && config.adapters.length > 0
}
