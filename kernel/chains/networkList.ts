import * as v from 'valibot'
import { ConfigError, PorticoError } from '../errors/base.ts'
import { NETWORK_NOT_FOUND, adapterMissingError } from '../errors/firstScreenTexts.ts'
import type { ChainStore } from './chainStore.ts'
import { type CaipNetwork, NetworkSchema } from './network.ts'
import type { ChainNamespace } from './namespaces.ts'

export interface NetworkListDeps {
  readonly chains: ChainStore
  /** Whether an enabled plugin is the chain adapter of `namespace` (its body may not be loaded yet). */
  readonly hasAdapter: (namespace: ChainNamespace) => boolean
  readonly switchNetwork: (network: CaipNetwork) => Promise<void>
}

const requireAdapter = (deps: NetworkListDeps, namespace: ChainNamespace) => {
  if (!deps.hasAdapter(namespace)) throw new PorticoError(adapterMissingError(namespace))
}

/**
 * Adds a network to a namespace. A namespace with no adapter throws the
 * adapter-missing error; a network already present (same CAIP id) is not added
 * again. The network is integrator input and passes the network schema first.
 *
 * @returns whether the network was added.
 * @example
 * kit.addNetwork('solana', solanaDevnet)
 */
export function addNetwork(deps: NetworkListDeps, namespace: ChainNamespace, network: CaipNetwork): boolean {
  requireAdapter(deps, namespace)
  const parsed = v.safeParse(NetworkSchema, network)
  if (!parsed.success) throw new ConfigError(`network.${v.getDotPath(parsed.issues[0]) ?? ''}`, parsed.issues[0].message)
  if (network.chainNamespace !== namespace) {
    throw new ConfigError('network.chainNamespace', `${network.caipNetworkId} is not a ${namespace} network`)
  }
  return deps.chains.addNetwork(network)
}

/**
 * Removes a network from a namespace (the adapter-missing error when the
 * namespace has none). The active network is first switched to another one of
 * the same namespace, else of another namespace; the kit's last network stays.
 *
 * @returns whether a network was removed.
 */
export async function removeNetwork(deps: NetworkListDeps, namespace: ChainNamespace, caipNetworkId: string): Promise<boolean> {
  requireAdapter(deps, namespace)
  const { chains } = deps
  const network = chains.record(namespace)?.caipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) return false
  if (chains.get().activeCaipNetwork.caipNetworkId === caipNetworkId) {
    const others = chains.networks().filter((n) => n.caipNetworkId !== caipNetworkId)
    const next = others.find((n) => n.chainNamespace === namespace) ?? others[0]
    if (!next) throw new PorticoError(NETWORK_NOT_FOUND, { details: 'the last network of the kit cannot be removed' })
    await deps.switchNetwork(next)
  }
  return chains.removeNetwork(caipNetworkId)
}
