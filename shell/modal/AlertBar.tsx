import type { AlertState, PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { IconButton } from '../ui/IconButton.tsx'
import { CloseIcon } from '../ui/icons.tsx'

const selectCurrent = (state: AlertState) => state.current

/** The current alert (e.g. Network Not Found), until dismissed. */
export function AlertBar({ kit }: { readonly kit: PorticoKit }) {
  const current = useStoreValue(kit.alerts.store, selectCurrent)
  if (!current) return null
  const { alert, variant } = current
  return (
    <div className="alert" role="alert" data-variant={variant} data-code={alert.code} data-testid="portico-alert">
      <div className="alert-text">
        <strong>{alert.shortMessage}</strong>
        <p className="text" data-variant="small">
          {alert.longMessage}
        </p>
      </div>
      <IconButton aria-label="Dismiss" onClick={() => kit.alerts.dismiss()}>
        <CloseIcon />
      </IconButton>
    </div>
  )
}
