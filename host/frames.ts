import type { PorticoKit } from '../kernel/index.ts'

/** The id of the view's title inside the shadow root: the accessible name of the dialog (or embedded section). */
export const TITLE_ID = 'portico-title'

/**
 * The modal's `<dialog>` and every way of dismissing it; each goes through
 * `kit.close()`, which may refuse (and shake). `isCurrent` tells whether the host
 * still uses this dialog: one it let go of closes without it being the visitor.
 */
export function createDialog(kit: PorticoKit, isCurrent: (dialog: HTMLDialogElement) => boolean): HTMLDialogElement {
  const created = document.createElement('dialog')
  let pressedOnBackdrop = false
  created.className = 'modal'
  created.dataset.testid = 'portico-dialog'
  created.setAttribute('aria-labelledby', TITLE_ID)
  created.addEventListener('cancel', (event) => {
    event.preventDefault()
    kit.close()
  })
  // Browsers may close a dialog on a repeated Escape even when cancel is prevented;
  // keep it open if the kit still is (closing refused). `close` is queued: a dialog
  // reopened since is already open again, and one the host let go of is no longer its own.
  created.addEventListener('close', () => {
    if (!isCurrent(created) || !kit.modal.store.get().open || created.open) return
    kit.close()
    if (kit.modal.store.get().open) created.showModal()
  })
  // The frame fills the dialog, so an event whose target is the dialog itself is on the
  // backdrop. Press and release must both be there: a text selection dragged out of
  // the frame must not close it.
  created.addEventListener('mousedown', (event) => {
    pressedOnBackdrop = event.target === created
  })
  created.addEventListener('click', (event) => {
    if (pressedOnBackdrop && event.target === created) kit.close()
    pressedOnBackdrop = false
  })
  return created
}

/** Embedded mode's frame: a section in the page, always shown. */
export function createSection(): HTMLElement {
  const created = document.createElement('section')
  created.className = 'embedded'
  created.dataset.testid = 'portico-embedded'
  created.setAttribute('aria-labelledby', TITLE_ID)
  return created
}
