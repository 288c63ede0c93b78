import type { PorticoKit } from '../kernel/index.ts'
import type { FrameHeight } from './frameHeight.ts'
import { rememberOpener, returnFocus } from './focusReturn.ts'

/**
 * Showing and closing the `<dialog>`: shown in the same task as `kit.open()`, so the
 * visitor's click gets an answer in the next frame, focus back to the opener on close,
 * and MODAL_SHOWN once per open, when the view is in.
 */
export interface ModalDialog {
  /** Shows `opening`; `frameReady`: the renderer's frame is already in it. */
  show(opening: HTMLDialogElement, frameReady: boolean): void
  hide(closing: HTMLDialogElement): void
  /** MODAL_SHOWN, once per open. */
  announce(): void
}

/**
 * `revealed(dialog)` runs in the frame after the click's, the view's: it shows the view,
 * or returns false when the renderer no longer renders into that dialog.
 */
export function modalDialog(kit: PorticoKit, height: FrameHeight, revealed: (opened: HTMLDialogElement) => boolean): ModalDialog {
  let shown = false
  const announce = () => {
    if (shown) return
    shown = true
    kit.bus.emit({ type: 'MODAL_SHOWN' })
  }
  return {
    show(opening, frameReady) {
      rememberOpener(kit)
      shown = false
      opening.removeAttribute('data-rendered')
      height.hold(opening, frameReady)
      if (!frameReady) return opening.showModal()
      // The click's frame shows the dialog alone, at the view's height (no height animation
      // while revealing: it opens at that height, not growing to it from the last one); the
      // view comes in the next one, so the visitor sees the answer to the click without waiting for its layout.
      opening.setAttribute('data-revealing', '')
      opening.showModal()
      afterPaint(() => {
        opening.removeAttribute('data-revealing')
        if (!opening.open || !revealed(opening)) return
        // What MODAL_SHOWN starts (plugins activated on open) waits for the view's frame too.
        afterPaint(() => opening.open && announce())
      })
    },
    hide(closing) {
      if (closing.open) {
        height.keep(closing)
        closing.close()
      }
      returnFocus(kit)
    },
    announce,
  }
}

/** A frame callback runs before the paint, a timeout queued from it after. */
const afterPaint = (task: () => void) => requestAnimationFrame(() => setTimeout(task))
