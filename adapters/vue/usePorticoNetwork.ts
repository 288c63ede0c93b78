import { type ComputedRef, computed } from 'vue'
import type { CaipNetwork } from '../../kernel/index.ts'
import { useKit } from './kit.ts'
import { storeRef } from './storeRef.ts'

export interface UsePorticoNetworkReturnType {
  readonly caipNetwork: ComputedRef<CaipNetwork>
  readonly chainId: ComputedRef<CaipNetwork['id']>
  /** Switches to a configured network; one outside the list shows the network-not-found alert and rejects. */
  switchNetwork(network: CaipNetwork): Promise<void>
}

/**
 * The active network as refs, and a switch.
 *
 * @example
 * const { chainId, switchNetwork } = usePorticoNetwork()
 * await switchNetwork(base)
 */
export function usePorticoNetwork(): UsePorticoNetworkReturnType {
  const kit = useKit('usePorticoNetwork')
  const chains = storeRef(kit.chains)
  const caipNetwork = computed(() => chains.value.activeCaipNetwork)
  return { caipNetwork, chainId: computed(() => caipNetwork.value.id), switchNetwork: (network) => kit.switchNetwork(network) }
}
