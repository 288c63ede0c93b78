import { type MouseEvent, type SyntheticEvent, useEffect, useId, useLayoutEffect, useRef } from 'react'
import type { ModalState, PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from '../hooks/useStoreValue.ts'
import { ModalFrame } from './ModalFrame.tsx'
import { rememberOpener, returnFocus } from './focusReturn.ts'
import { loopFocus } from './focusLoop.ts'

const selectOpen = (s: ModalState) => s.open
const selectShake = (s: ModalState) => s.shake

/** The modal: a native dialog, or in embedded mode an inline section that is always shown. */
export function Modal({ kit }: { readonly kit: PorticoKit }) {
  return kit.config.enableEmbedded ? <EmbeddedModal kit={kit} /> : <DialogModal kit={kit} />
}

function EmbeddedModal({ kit }: { readonly kit: PorticoKit }) {
  const titleId = useId()
  // Embedded, the modal is on screen from the start: plugins waiting for that may load.
  useEffect(() => kit.bus.emit({ type: 'MODAL_SHOWN' }), [kit])
  return (
    <section className="embedded" aria-labelledby={titleId} data-testid="portico-embedded">
      <ModalFrame kit={kit} titleId={titleId} closable={false} />
    </section>
  )
}

/**
 * `showModal()` gives the top layer, focus containment, Escape and focus
 * return; the dialog follows `kit.modal.store`, and every way of dismissing
 * goes through `kit.close()`, which may refuse (SIWX) and shake instead.
 */
function DialogModal({ kit }: { readonly kit: PorticoKit }) {
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const pressedOnBackdrop = useRef(false)
  const open = useStoreValue(kit.modal.store, selectOpen)
  const shake = useStoreValue(kit.modal.store, selectShake)

  // Layout effect: the dialog is shown in the same frame its content is committed.
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      rememberOpener(kit)
      element.showModal()
      kit.bus.emit({ type: 'MODAL_SHOWN' })
    } else if (!open) {
      if (element.open) element.close()
      returnFocus(kit)
    }
  }, [kit, open])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    kit.close()
  }

  // Browsers may close a dialog on a repeated Escape even when cancel is prevented;
  // keep it open if the kit still is (closing disabled).
  const onClose = () => {
    // `close` is queued: a dialog reopened since then is already open again.
    if (!kit.modal.store.get().open || dialog.current?.open) return
    kit.close()
    if (kit.modal.store.get().open) dialog.current?.showModal()
  }

  // The frame fills the dialog, so a click whose target is the dialog itself landed on
  // the backdrop. Both press and release must be there: a text selection dragged out
  // of the frame must not close it.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget
  }
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) kit.close()
    pressedOnBackdrop.current = false
  }

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      data-state={open ? 'open' : 'closed'}
      data-shake={shake ? '' : undefined}
      data-testid="portico-dialog"
      onCancel={onCancel}
      onClose={onClose}
      onMouseDown={onMouseDown}
      onClick={onClick}
      onKeyDown={loopFocus}
    >
      {open && <ModalFrame kit={kit} titleId={titleId} closable />}
    </dialog>
  )
}
