import type { PorticoKit } from '../kernel/index.ts'
import { applyTheme } from './applyTheme.ts'
import type { FrameHeight } from './frameHeight.ts'
import { createDialog, createSection } from './frames.ts'
import { HOST_TAG, createHostElement, openShadowRoot } from './hostElement.ts'
import { applyLocale } from './openerText.ts'

/**
 * The `<portico-modal>` in use and the frame in its shadow root (the `<dialog>`, or the
 * embedded section): the element the page or a React tree placed, else the page's own
 * when appending is off, else one appended to body. It follows the kit's theme and locale.
 */
export interface ModalElement {
  /** The frame, in the element in use: created, or moved to a newly placed element. */
  ensure(): HTMLElement
  /** The frame when it is a dialog. */
  dialog(): HTMLDialogElement | null
  /** Uses `next` from now on; true when that changes the element in use (drop it then). */
  place(next: HTMLElement | null): boolean
  /** Lets go of the element and its frame. */
  drop(): void
  /** Follows the kit's theme and locale; returns the unsubscribe function. */
  follow(): () => void
}

/** `forgotten` runs whenever the frame is let go of, before a dialog closes. */
export function modalElement(kit: PorticoKit, height: FrameHeight, forgotten: () => void): ModalElement {
  const embedded = kit.modal.mode === 'embedded'
  const inPlace = embedded || kit.config.disableAppend
  let placed: HTMLElement | null = null
  let element: HTMLElement | null = null
  let appended = false
  let frame: HTMLElement | null = null
  let themed: string[] = []
  let unfollowHeight: (() => void) | undefined

  const drop = () => {
    unfollowHeight?.()
    const droppedElement = element
    const droppedFrame = frame
    // Forgotten first: closing fires `close`, which must not read as the visitor closing.
    element = frame = null
    forgotten()
    if (droppedFrame instanceof HTMLDialogElement) droppedFrame.close()
    droppedFrame?.remove()
    if (appended) droppedElement?.remove()
  }

  return {
    ensure() {
      const wanted = placed ?? (inPlace ? document.querySelector<HTMLElement>(HOST_TAG) : null)
      if (element && frame && (wanted ? element === wanted : appended)) return frame
      drop()
      appended = !wanted
      element = wanted ?? document.body.appendChild(createHostElement())
      themed = applyTheme(element, kit.theme.get())
      const created = embedded ? createSection() : createDialog(kit, (dialog) => dialog === frame)
      frame = created
      applyLocale(created, kit.locale.get().locale)
      openShadowRoot(element).append(created)
      unfollowHeight = embedded ? undefined : height.follow(created)
      return created
    },
    dialog: () => (frame instanceof HTMLDialogElement ? frame : null),
    place(next) {
      if (next === placed) return false
      placed = next
      return element !== null
    },
    drop,
    follow() {
      const unsubscribeTheme = kit.theme.subscribe((theme) => {
        if (element) themed = applyTheme(element, theme, themed)
      })
      // The dialog's language and direction: `dir="rtl"` for ar, he and fa (the styles follow it).
      const unsubscribeLocale = kit.locale.subscribe(({ locale }) => {
        if (frame) applyLocale(frame, locale)
      })
      return () => {
        unsubscribeTheme()
        unsubscribeLocale()
      }
    },
  }
}
