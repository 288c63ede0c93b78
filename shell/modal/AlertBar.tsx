import type { AlertState, PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { IconButton } from '../ui/IconButton.tsx'
import { CloseIcon } from '../ui/icons.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'
import { useShownText } from '../ui/shownText.ts'

const selectCurrent = (state: AlertState) => state.current

/** The current alert (e.g. Network Not Found), until dismissed. */
export function AlertBar({ kit }: { readonly kit: PorticoKit }) {
  const current = useStoreValue(kit.alerts.store, selectCurrent)
  const t = useMessages(kit, coreMessages)
  const shown = useShownText(kit)
  if (!current) return null
  const { alert, variant } = current
  return (
    <div className="alert" role="alert" data-variant={variant} data-code={alert.code} data-testid="portico-alert">
      <div className="alert-text">
        <strong>{shown(alert.shortMessage)}</strong>
        <p className="text" data-variant="small">
          {shown(alert.longMessage)}
        </p>
      </div>
      <IconButton aria-label={t('modal.dismiss')} onClick={() => kit.alerts.dismiss()}>
        <CloseIcon />
      </IconButton>
    </div>
  )
}
