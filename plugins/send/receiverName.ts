import type { BlockchainApi } from '../../protocol/api/contract.ts'
import type { ChainState } from '../../kernel/index.ts'

/**
 * The address a registered name points at for the active network: its address on that
 * network, else one on the same namespace (an EVM account is the same on every chain).
 * Undefined when the name is not registered, or where the API has no names (the direct
 * RPC fallback) or the namespace has none (SPEC §6: names are eip155 only).
 */
export async function receiverOfName(api: Pick<BlockchainApi, 'capabilities' | 'lookupName'>, state: ChainState, name: string): Promise<string | undefined> {
  const network = state.chains[state.activeNamespace]?.networkState.caipNetwork
  if (!api.capabilities.names || !network || network.chainNamespace !== 'eip155') return undefined
  const record = await api.lookupName(name)
  const addresses = Object.values(record?.addresses ?? {})
  const onNetwork = addresses.find((entry) => entry.chainId === network.caipNetworkId)
  return (onNetwork ?? addresses.find((entry) => entry.chainId.startsWith(`${network.chainNamespace}:`)))?.address
}
