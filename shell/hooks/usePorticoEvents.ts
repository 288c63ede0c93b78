import { useKit } from '../provider/context.ts'
import { type LatestEvent, latestEvent } from './latestEvent.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { afterInput } from './afterInput.ts'

const selectLatest = (state: { latest?: LatestEvent }) => state.latest

/**
 * The latest event of the kit's bus and when it happened; undefined until the
 * first event after the provider mounted.
 *
 * @example
 * const latest = usePorticoEvents()
 * if (latest?.event.type === 'CONNECT_SUCCESS') …
 */
export function usePorticoEvents(): LatestEvent | undefined {
  const kit = useKit('usePorticoEvents')
  return useStoreValue(afterInput(latestEvent(kit)), selectLatest)
}
