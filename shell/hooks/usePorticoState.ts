import type { CaipNetworkId, ChainState, ModalState } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { afterInput } from './afterInput.ts'

export interface UsePorticoStateReturnType {
  readonly open: boolean
  /** The active network's CAIP-2 id. */
  readonly selectedNetworkId: CaipNetworkId
  readonly loading: boolean
}

const selectOpen = (s: ModalState) => s.open
const selectLoading = (s: ModalState) => s.loading
const selectNetworkId = (s: ChainState) => s.activeCaipNetwork.caipNetworkId

/**
 * The modal's open and loading flags and the selected network.
 *
 * @example
 * const { open, selectedNetworkId } = usePorticoState()
 */
export function usePorticoState(): UsePorticoStateReturnType {
  const kit = useKit('usePorticoState')
  const open = useStoreValue(afterInput(kit.modal.store), selectOpen)
  const loading = useStoreValue(afterInput(kit.modal.store), selectLoading)
  const selectedNetworkId = useStoreValue(afterInput(kit.chains), selectNetworkId)
  return { open, selectedNetworkId, loading }
}
