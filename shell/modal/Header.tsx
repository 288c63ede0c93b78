import type { PorticoKit, RouterState } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { IconButton } from '../ui/IconButton.tsx'
import { BackIcon, CloseIcon } from '../ui/icons.tsx'
import { fallbackTitle, useViewDefinition } from './useViewDefinition.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages, useViewTitle } from '../ui/messages.ts'

const selectView = (s: RouterState) => s.history.at(-1)!.view
const selectCanGoBack = (s: RouterState) => s.history.length > 1

interface HeaderProps {
  readonly kit: PorticoKit
  /** The title's id: the dialog's `aria-labelledby`. */
  readonly titleId: string
  /** Embedded mode has nothing to close to, so no Close button. */
  readonly closable: boolean
}

/**
 * Back, the current view's title (the dialog's accessible name), Close. Close is
 * disabled while a plugin's close guard holds (a required sign-in on its view); the
 * guards follow the view, and the header renders again on every view change.
 */
export function Header({ kit, titleId, closable }: HeaderProps) {
  const view = useStoreValue(kit.router.store, selectView)
  const canGoBack = useStoreValue(kit.router.store, selectCanGoBack)
  const title = useViewTitle(kit, useViewDefinition(kit, view)) ?? fallbackTitle(view)
  const t = useMessages(kit, coreMessages)
  return (
    <header className="header">
      {canGoBack ? (
        <IconButton aria-label={t('modal.back')} onClick={() => kit.router.goBack()}>
          <BackIcon />
        </IconButton>
      ) : (
        <span className="header-slot" />
      )}
      {/* Keyed by the title so the header text animation replays on change. */}
      <h2 className="title" id={titleId} key={title}>
        {title}
      </h2>
      {closable ? (
        <IconButton aria-label={t('modal.close')} disabled={kit.modal.isCloseDisabled()} onClick={() => kit.close()}>
          <CloseIcon />
        </IconButton>
      ) : (
        <span className="header-slot" />
      )}
    </header>
  )
}
