import { SHEET_MAX_WIDTH_PX } from '../../host/hostCss.ts'

/** How far the phone's bottom sheet must be dragged down to close; a shorter drag springs back. */
export const SHEET_CLOSE_DRAG_PX = 96

interface SheetDragOptions {
  /** Closes the modal (the kit's close, which checks its own guards). */
  readonly close: () => void
  /** False while a close guard holds: the sheet then does not move at all. */
  readonly closable: () => boolean
}

/**
 * Lets a visitor drag the bottom sheet down by its header to close it, as phone sheets
 * do. Pointer events only: keyboard and screen reader users have the Close button, which
 * stays. A press on a control in the header is the control's, not a drag. Returns the
 * cleanup.
 */
export function dragSheetToClose(dialog: HTMLDialogElement, { close, closable }: SheetDragOptions): () => void {
  // Where matchMedia is missing (jsdom, old engines) there is no sheet to drag.
  const sheet = dialog.ownerDocument.defaultView?.matchMedia?.(`(max-width: ${SHEET_MAX_WIDTH_PX}px)`)
  let drag: { pointerId: number; startY: number; distance: number } | undefined

  const settle = () => {
    dialog.removeAttribute('data-dragging')
    dialog.style.removeProperty('transform')
  }
  const onDown = (event: PointerEvent) => {
    const target = event.target as Element
    if (!sheet?.matches || !event.isPrimary || event.button !== 0 || !closable()) return
    if (!target.closest('.header') || target.closest('button, a, input')) return
    drag = { pointerId: event.pointerId, startY: event.clientY, distance: 0 }
    dialog.setPointerCapture(event.pointerId)
    dialog.removeAttribute('data-springing')
    dialog.setAttribute('data-dragging', '')
  }
  const onMove = (event: PointerEvent) => {
    if (event.pointerId !== drag?.pointerId) return
    drag.distance = Math.max(0, event.clientY - drag.startY)
    dialog.style.transform = `translateY(${drag.distance}px)`
  }
  const onEnd = (event: PointerEvent) => {
    if (event.pointerId !== drag?.pointerId) return
    const far = event.type === 'pointerup' && drag.distance >= SHEET_CLOSE_DRAG_PX
    drag = undefined
    if (far) {
      settle()
      close()
      return
    }
    // The transform's transition (off under prefers-reduced-motion) carries it back up.
    dialog.setAttribute('data-springing', '')
    settle()
  }
  const onSprung = (event: TransitionEvent) => {
    if (event.target === dialog && event.propertyName === 'transform') dialog.removeAttribute('data-springing')
  }

  dialog.addEventListener('pointerdown', onDown)
  dialog.addEventListener('pointermove', onMove)
  dialog.addEventListener('pointerup', onEnd)
  dialog.addEventListener('pointercancel', onEnd)
  dialog.addEventListener('transitionend', onSprung)
  return () => {
    dialog.removeEventListener('pointerdown', onDown)
    dialog.removeEventListener('pointermove', onMove)
    dialog.removeEventListener('pointerup', onEnd)
    dialog.removeEventListener('pointercancel', onEnd)
    dialog.removeEventListener('transitionend', onSprung)
    settle()
  }
}
