import { useCallback } from 'react'
import type { CaipNetwork, ChainState } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { afterInput } from './afterInput.ts'

export interface UsePorticoNetworkReturnType {
  readonly caipNetwork: CaipNetwork
  readonly chainId: CaipNetwork['id']
  /**
   * Switches to a configured network. A network outside the configured list shows the
   * network-not-found alert and rejects.
   */
  switchNetwork(network: CaipNetwork): Promise<void>
}

const selectNetwork = (s: ChainState) => s.activeCaipNetwork

/**
 * The active network, and a switch.
 *
 * @example
 * const { chainId, switchNetwork } = usePorticoNetwork()
 * await switchNetwork(base)
 */
export function usePorticoNetwork(): UsePorticoNetworkReturnType {
  const kit = useKit('usePorticoNetwork')
  const caipNetwork = useStoreValue(afterInput(kit.chains), selectNetwork)
  const switchNetwork = useCallback((network: CaipNetwork) => kit.switchNetwork(network), [kit])
  return { caipNetwork, chainId: caipNetwork.id, switchNetwork }
}
