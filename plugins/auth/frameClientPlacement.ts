/**
 * Where the frame's iframe sits: hidden (no size, invisible, not hit-testable) at the
 * end of the body, or visible exactly over an anchor element while the visitor
 * approves a request inside it.
 *
 * A modal `<dialog>` makes everything outside it inert, including an iframe with the
 * highest z-index, so while shown the iframe lives inside the anchor's open dialog.
 * It gets there with `moveBefore()`, which keeps the iframe's document alive: a plain
 * append would reload the frame and lose the request it is showing.
 */
export interface FramePlacement {
  attach(iframe: HTMLIFrameElement): void
  show(anchor: Element): void
  hide(): void
}

/** Above any page's own layers while the iframe shows (SPEC §9). */
const IFRAME_Z_INDEX = 999_999

type Movable = Element & { moveBefore?: (node: Node, child: Node | null) => void }

const HIDDEN: Record<string, string> = {
  position: 'fixed',
  'z-index': String(IFRAME_Z_INDEX),
  border: '0',
  margin: '0',
  padding: '0',
  top: '0',
  left: '0',
  width: '0',
  height: '0',
  visibility: 'hidden',
  'pointer-events': 'none',
  'color-scheme': 'normal',
}

/** The open modal dialog the anchor is in, across shadow roots. */
function openDialogOf(anchor: Element): HTMLDialogElement | undefined {
  let node: Element | null = anchor
  while (node) {
    const dialog = node.closest('dialog')
    if (dialog?.open) return dialog
    const root = node.getRootNode()
    node = root instanceof ShadowRoot ? root.host : null
  }
  return undefined
}

export function createFramePlacement(doc: Document): FramePlacement {
  let iframe: HTMLIFrameElement | undefined
  let stopFollowing: (() => void) | undefined

  const style = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) iframe!.style.setProperty(name, value)
  }

  const moveTo = (parent: Movable) => {
    if (!iframe || iframe.parentNode === parent) return
    if (typeof parent.moveBefore === 'function' && iframe.isConnected) parent.moveBefore(iframe, null)
    else parent.append(iframe)
  }

  function follow(anchor: Element): () => void {
    const place = () => {
      if (!iframe) return
      const target = anchor.getBoundingClientRect()
      style({ top: `${target.top}px`, left: `${target.left}px`, width: `${target.width}px`, height: `${target.height}px` })
      // A transformed ancestor (a dialog's opening animation) moves the fixed box's
      // origin: measure where it landed and correct by the difference.
      const landed = iframe.getBoundingClientRect()
      const dx = target.left - landed.left
      const dy = target.top - landed.top
      if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) style({ top: `${target.top + dy}px`, left: `${target.left + dx}px` })
    }
    place()
    const win = doc.defaultView!
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
    observer?.observe(anchor)
    win.addEventListener('resize', place)
    win.addEventListener('scroll', place, true)
    const dialog = openDialogOf(anchor)
    // The dialog closing would take the iframe with it when it is removed.
    const onClose = () => hide()
    dialog?.addEventListener('close', onClose)
    // The dialog's opening and view animations move the anchor without resizing it, and the
    // correction for a transformed ancestor measured mid-animation is wrong once it ends: place
    // again when any of them ends (the panel refuses to act while it is not fully in view).
    dialog?.addEventListener('transitionend', place)
    dialog?.addEventListener('animationend', place)
    return () => {
      observer?.disconnect()
      win.removeEventListener('resize', place)
      win.removeEventListener('scroll', place, true)
      dialog?.removeEventListener('close', onClose)
      dialog?.removeEventListener('transitionend', place)
      dialog?.removeEventListener('animationend', place)
    }
  }

  function hide(): void {
    stopFollowing?.()
    stopFollowing = undefined
    if (!iframe) return
    style(HIDDEN)
    moveTo(doc.body)
  }

  return {
    attach(element) {
      iframe = element
      style(HIDDEN)
      doc.body.append(element)
    },
    show(anchor) {
      if (!iframe) return
      stopFollowing?.()
      moveTo(openDialogOf(anchor) ?? doc.body)
      style({ visibility: 'visible', 'pointer-events': 'auto' })
      stopFollowing = follow(anchor)
      iframe.focus()
    },
    hide,
  }
}
