import type { PorticoKit, SnackState } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { Spinner } from '../ui/Spinner.tsx'
import { CheckIcon, ErrorIcon } from '../ui/icons.tsx'
import { useShownText } from '../ui/shownText.ts'

const whole = (state: SnackState) => state

/**
 * The snack (loading, success, error). The live region stays in
 * the DOM while empty, so screen readers announce the message when it appears.
 */
export function SnackBar({ kit }: { readonly kit: PorticoKit }) {
  const snack = useStoreValue(kit.snack.store, whole)
  const shown = useShownText(kit)
  return (
    <div className="snack" role="status" aria-live="polite" data-testid="portico-snack" data-state={snack.open ? 'open' : 'closed'} data-variant={snack.variant}>
      {snack.open && (
        <>
          {snack.variant === 'loading' ? <Spinner size={20} /> : snack.variant === 'success' ? <CheckIcon /> : <ErrorIcon />}
          <span>{shown(snack.message)}</span>
        </>
      )}
    </div>
  )
}
