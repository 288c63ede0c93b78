import type { ModalState, PorticoKit } from '../kernel/index.ts'
import { applyTheme } from './applyTheme.ts'
import { createDialog, createSection } from './frames.ts'
import { rememberOpener, returnFocus } from './focusReturn.ts'
import { HOST_TAG, createHostElement, defineHostElement, openShadowRoot } from './hostElement.ts'
import { hostCss } from './hostCss.ts'
import { prefetchModalCode } from './prefetch.ts'
import { prepareSheet } from './sheet.ts'
import { applyLocale } from './openerText.ts'

export { TITLE_ID } from './frames.ts'

/**
 * The modal's frame-free part, on the first screen: the `<portico-modal>`
 * element, its shadow root and the native `<dialog>`, shown in the same task as
 * `kit.open()` so the visitor's click gets an answer in the next frame, and
 * closed every way the visitor can dismiss it. A renderer (React, when its code
 * has arrived) puts the header, the view and the snack into `target()`, and with
 * them what needs controls to act on: the Tab loop and the first focus.
 */
export interface ModalHost {
  /**
   * Where the renderer puts the frame: the dialog (open, or still closed once the host
   * has prepared it ahead of the first open), or the embedded section; null otherwise.
   */
  target(): HTMLElement | null
  /** Called when `target()` changes. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /**
   * Keeps the host following the kit while at least one renderer is connected.
   * `fetchCode` downloads that renderer's code; the host calls it early (idle time
   * after load, an opener under the pointer) and on open, where a failure is logged
   * and closes the modal. The last connected renderer's is used. Returns the
   * disconnect function.
   */
  connect(fetchCode: () => Promise<unknown>): () => void
  /** A `<portico-modal>` the page or a React tree placed; used instead of one appended to body. */
  place(element: HTMLElement | null): void
  /**
   * The renderer has committed the frame into `target()`: the held height goes and
   * MODAL_SHOWN is sent, at once if the dialog shows, else when it opens.
   */
  rendered(): void
  /** Requests the connected renderer's code now. */
  prefetch(): void
}

const hosts = new WeakMap<PorticoKit, ModalHost>()

/** The kit's host; one per kit, shared by the vanilla mount and <PorticoProvider>. */
export function modalHost(kit: PorticoKit): ModalHost {
  let host = hosts.get(kit)
  if (!host) hosts.set(kit, (host = createModalHost(kit)))
  return host
}

function createModalHost(kit: PorticoKit): ModalHost {
  const embedded = kit.config.enableEmbedded
  const inPlace = embedded || kit.config.disableAppend
  const listeners = new Set<() => void>()
  const loaders: (() => Promise<unknown>)[] = []
  let placed: HTMLElement | null = null
  let element: HTMLElement | null = null
  let appended = false
  let frame: HTMLElement | null = null
  let target: HTMLElement | null = null
  let themed: string[] = []
  let stop: (() => void) | undefined
  let shown = false
  /** The renderer's frame is in the current target (reported by rendered()). */
  let frameReady = false
  let lastHeight = 0
  /** The dialog's height as last laid out, closed or open: reading it in the click would force a layout there (2 to 4 ms). */
  let laidOutHeight = 0
  let sizes: ResizeObserver | undefined

  const setTarget = (next: HTMLElement | null) => {
    if (next === target) return
    target = next
    frameReady = false
    notify()
  }
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const dialog = () => (frame instanceof HTMLDialogElement ? frame : null)

  /** The `<portico-modal>` in use: placed, else the page's own when appending is off, else one appended to body. */
  function ensureElement(): HTMLElement {
    const wanted = placed ?? (inPlace ? document.querySelector<HTMLElement>(HOST_TAG) : null)
    if (element && frame && (wanted ? element === wanted : appended)) return element
    dropElement()
    appended = !wanted
    element = wanted ?? document.body.appendChild(createHostElement())
    themed = applyTheme(element, kit.theme.get())
    frame = embedded ? createSection() : createDialog(kit, (created) => created === frame)
    applyLocale(frame, kit.locale.get().locale)
    openShadowRoot(element).append(frame)
    if (!embedded) followHeight(frame)
    return element
  }

  /** Keeps laidOutHeight: the browser reports each new size after the layout it does anyway. */
  function followHeight(observed: HTMLElement): void {
    if (typeof ResizeObserver !== 'function') return
    laidOutHeight = 0
    sizes = new ResizeObserver(([entry]) => {
      laidOutHeight = entry?.borderBoxSize[0]?.blockSize ?? laidOutHeight
    })
    sizes.observe(observed)
  }

  function dropElement(): void {
    sizes?.disconnect()
    sizes = undefined
    const droppedElement = element
    const droppedFrame = frame
    // Forgotten first: closing fires `close`, which must not read as the visitor closing.
    element = frame = null
    setTarget(null)
    if (droppedFrame instanceof HTMLDialogElement) droppedFrame.close()
    droppedFrame?.remove()
    if (appended) droppedElement?.remove()
  }

  function show(opened: HTMLDialogElement): void {
    rememberOpener(kit)
    shown = false
    opened.removeAttribute('data-rendered')
    // Until the frame renders, the dialog holds the height it had when it last closed.
    // Rendered ahead of time into the closed dialog (hidden but laid out), the view's own height.
    const height = frameReady ? laidOutHeight || opened.getBoundingClientRect().height : lastHeight
    if (height) opened.style.setProperty('--portico-frame-height', `${height}px`)
    if (!frameReady) return opened.showModal()
    // The click's frame shows the dialog alone, at the view's height (no height animation
    // while revealing: it opens at that height, not growing to it from the last one); the
    // view comes in the next one, so the visitor sees the answer to the click without waiting for its layout.
    opened.setAttribute('data-revealing', '')
    opened.showModal()
    afterPaint(() => {
      opened.removeAttribute('data-revealing')
      if (!opened.open || target !== opened) return
      opened.setAttribute('data-rendered', '')
      // The renderer moves focus from the dialog to the view's first control.
      notify()
      // What MODAL_SHOWN starts (plugins activated on open) waits for the view's frame too.
      afterPaint(() => opened.open && announce())
    })
  }

  /** A frame callback runs before the paint, a timeout queued from it after. */
  const afterPaint = (task: () => void) => requestAnimationFrame(() => setTimeout(task))

  /** MODAL_SHOWN, once per open. */
  function announce(): void {
    if (shown) return
    shown = true
    kit.bus.emit({ type: 'MODAL_SHOWN' })
  }

  function hide(closing: HTMLDialogElement): void {
    if (closing.open) {
      lastHeight = closing.getBoundingClientRect().height || lastHeight
      closing.close()
    }
    returnFocus(kit)
  }

  function sync({ open, shake }: ModalState): void {
    if (embedded) {
      ensureElement()
      return setTarget(frame)
    }
    if (open) {
      ensureElement()
      const opened = dialog()!
      opened.toggleAttribute('data-shake', shake)
      if (opened.open) return setTarget(opened)
      show(opened)
      setTarget(opened)
      // The renderer's code is requested inside kit.open(), before anything the open event starts.
      fetchNeededCode()
    } else {
      const closing = dialog()
      // Closed on Connect (a view that asks nothing of the network while hidden), the frame
      // stays in the closed dialog, as it is there before the first open: the next open only
      // shows it, and closing leaves nothing to undo and redo while the visitor may come back
      // (a remount re-decodes every wallet icon, work that ran into a reopening press).
      // Other views go, and render on the open that needs them.
      if (!closing || kit.router.current().view !== 'Connect') setTarget(null)
      if (closing) hide(closing)
    }
  }

  /** The last connected renderer's code. Openers act on the click (WCAG 2.5.2): a press only prepares. */
  function load(): Promise<unknown> | undefined {
    return loaders.at(-1)?.()
  }

  /** The renderer's code, now that the modal shows: a failure closes the modal, so the next open retries. */
  function fetchNeededCode(): void {
    load()?.catch((error: unknown) => {
      // Nothing can show the failure but the console.
      console.error('[Portico] the modal failed to load', error)
      kit.close()
    })
  }

  function start(): () => void {
    const unsubscribeModal = kit.modal.store.subscribe(sync)
    const unsubscribeTheme = kit.theme.subscribe((theme) => {
      if (element) themed = applyTheme(element, theme, themed)
    })
    // The dialog's language and direction: `dir="rtl"` for ar, he and fa (the styles follow it).
    const unsubscribeLocale = kit.locale.subscribe(({ locale }) => {
      if (frame) applyLocale(frame, locale)
    })
    const cancelPrefetch = prefetchModalCode(kit.config.prefetch, host.prefetch)
    // Embedded, the modal is part of the page from the start; a renderer connecting while
    // the kit is open (a remounted provider) shows it at once.
    if (embedded) fetchNeededCode()
    if (embedded || kit.modal.store.get().open) sync(kit.modal.store.get())
    return () => {
      unsubscribeModal()
      unsubscribeTheme()
      unsubscribeLocale()
      cancelPrefetch()
      dropElement()
    }
  }

  const host: ModalHost = {
    target: () => target,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connect(fetchCode) {
      loaders.push(fetchCode)
      if (loaders.length === 1 && typeof document !== 'undefined') stop = start()
      let connected = true
      return () => {
        if (!connected) return
        connected = false
        loaders.splice(loaders.lastIndexOf(fetchCode), 1)
        if (loaders.length > 0) return
        stop?.()
        stop = undefined
      }
    },
    place(next) {
      if (next) defineHostElement()
      if (next === placed) return
      placed = next
      if (!stop || !element) return
      dropElement()
      if (embedded || kit.modal.store.get().open) sync(kit.modal.store.get())
    },
    rendered() {
      frameReady = target !== null
      const opened = dialog()
      if (opened?.open) opened.setAttribute('data-rendered', '')
      else if (!embedded) return
      announce()
    },
    prefetch() {
      prepareSheet(hostCss)
      // The closed dialog in place ahead of need, as the renderer's target: the view renders
      // into it while hidden, so the first open only shows it, with the view usable at once.
      if (stop && !embedded && !kit.modal.store.get().open) {
        ensureElement()
        setTarget(frame)
      }
      // Ahead of need: a failure is reported when the code is needed, on open.
      load()?.catch(() => undefined)
    },
  }
  return host
}
