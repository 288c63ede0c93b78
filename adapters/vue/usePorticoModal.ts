import { type ComputedRef, computed } from 'vue'
import type { OpenOptions } from '../../kernel/index.ts'
import { useKit } from './kit.ts'
import { storeRef } from './storeRef.ts'

export interface UsePorticoModalReturnType {
  readonly isOpen: ComputedRef<boolean>
  /** Opens the modal, on `view` when given (Account when connected, Connect when not, without it). */
  open(options?: OpenOptions): void
  close(): void
}

/**
 * Whether the modal is open, and open/close for the app's own buttons.
 *
 * @example
 * const { open } = usePorticoModal()
 * // <button @click="open({ view: 'Networks' })">Network</button>
 */
export function usePorticoModal(): UsePorticoModalReturnType {
  const kit = useKit('usePorticoModal')
  const modal = storeRef(kit.modal.store)
  return { isOpen: computed(() => modal.value.open), open: (options) => kit.open(options), close: () => kit.close() }
}
