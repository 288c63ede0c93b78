import type { ModalState, PorticoKit } from '../kernel/index.ts'
import { frameHeight } from './frameHeight.ts'
import { defineHostElement } from './hostElement.ts'
import { hostCss } from './hostCss.ts'
import { modalDialog } from './modalDialog.ts'
import { modalElement } from './modalElement.ts'
import { prefetchModalCode } from './prefetch.ts'
import { prepareSheet } from './sheet.ts'

export { TITLE_ID } from './frames.ts'

/**
 * The modal's frame-free part, on the first screen: the `<portico-modal>`
 * element and its frame (modalElement.ts), the native `<dialog>` shown in the same
 * task as `kit.open()` (modalDialog.ts) at a height that does not jump
 * (frameHeight.ts), following the kit. This module is the renderer's side of it: a
 * renderer (React, when its code has arrived) puts the header, the view and the
 * snack into `target()`, and with them what needs controls to act on: the Tab loop
 * and the first focus.
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
  const embedded = kit.modal.mode === 'embedded'
  const listeners = new Set<() => void>()
  const loaders: (() => Promise<unknown>)[] = []
  let target: HTMLElement | null = null
  /** The renderer's frame is in the current target (reported by rendered()). */
  let frameReady = false
  let stop: (() => void) | undefined

  const setTarget = (next: HTMLElement | null) => {
    if (next === target) return
    target = next
    frameReady = false
    notify()
  }
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const height = frameHeight()
  const element = modalElement(kit, height, () => setTarget(null))
  const dialog = modalDialog(kit, height, (opened) => {
    if (target !== opened) return false
    opened.setAttribute('data-rendered', '')
    // The renderer moves focus from the dialog to the view's first control.
    notify()
    return true
  })

  function sync({ open, shake }: ModalState): void {
    if (embedded) return setTarget(element.ensure())
    if (open) {
      element.ensure()
      const opened = element.dialog()!
      opened.toggleAttribute('data-shake', shake)
      if (opened.open) return setTarget(opened)
      dialog.show(opened, frameReady)
      setTarget(opened)
      // The renderer's code is requested inside kit.open(), before anything the open event starts.
      fetchNeededCode()
    } else {
      const closing = element.dialog()
      // Closed on Connect (a view that asks nothing of the network while hidden), the frame
      // stays in the closed dialog, as it is there before the first open: the next open only
      // shows it, and closing leaves nothing to undo and redo while the visitor may come back
      // (a remount re-decodes every wallet icon, work that ran into a reopening press).
      // Other views go, and render on the open that needs them.
      if (!closing || kit.router.current().view !== 'Connect') setTarget(null)
      if (closing) dialog.hide(closing)
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
    const unfollow = element.follow()
    const cancelPrefetch = prefetchModalCode(kit.config.prefetch, host.prefetch)
    // Embedded, the modal is part of the page from the start; a renderer connecting while
    // the kit is open (a remounted provider) shows it at once.
    if (embedded) fetchNeededCode()
    if (embedded || kit.modal.store.get().open) sync(kit.modal.store.get())
    return () => {
      unsubscribeModal()
      unfollow()
      cancelPrefetch()
      element.drop()
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
      if (!element.place(next) || !stop) return
      element.drop()
      if (embedded || kit.modal.store.get().open) sync(kit.modal.store.get())
    },
    rendered() {
      frameReady = target !== null
      const opened = element.dialog()
      if (opened?.open) opened.setAttribute('data-rendered', '')
      else if (!embedded) return
      dialog.announce()
    },
    prefetch() {
      prepareSheet(hostCss)
      // The closed dialog in place ahead of need, as the renderer's target: the view renders
      // into it while hidden, so the first open only shows it, with the view usable at once.
      if (stop && !embedded && !kit.modal.store.get().open) setTarget(element.ensure())
      // Ahead of need: a failure is reported when the code is needed, on open.
      load()?.catch(() => undefined)
    },
  }
  return host
}
