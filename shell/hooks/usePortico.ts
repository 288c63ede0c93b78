import { useMemo } from 'react'
import type { OpenOptions } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'

export interface UsePorticoReturnType {
  /** Opens the modal, on `view` when given. */
  open(options?: OpenOptions): void
  /** Closes the modal; refused (with a shake) while closing is disabled. */
  close(): void
}

/**
 * Opens and closes the modal.
 *
 * @example
 * const { open } = usePortico()
 * <button onClick={() => open({ view: 'Account' })}>Account</button>
 */
export function usePortico(): UsePorticoReturnType {
  const kit = useKit('usePortico')
  return useMemo(() => ({ open: (options) => kit.open(options), close: () => kit.close() }), [kit])
}
