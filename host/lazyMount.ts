import type { PorticoKit } from '../kernel/index.ts'
import { modalHost } from './modalHost.ts'

/** The React renderer of the vanilla entry, behind `import()`: it brings react-dom itself. */
export interface ModalRendererModule {
  mountModal(kit: PorticoKit): () => void
}

/**
 * Shows the modal for a kit that no React <PorticoProvider> renders. The host
 * (dialog, focus, dismissal) works from the first screen; the view's renderer is
 * loaded with `load` on the first open (at once in embedded mode, where the modal
 * is part of the page), earlier when the host prefetches it. The caller passes
 * `load` so that this file, on the first screen, imports nothing of React.
 */
export function mountOnFirstOpen(kit: PorticoKit, load: () => Promise<ModalRendererModule>): void {
  if (typeof document === 'undefined') return
  const disconnect = modalHost(kit).connect(load)
  let mounting = false
  let unmount: (() => void) | undefined
  const mount = () =>
    // A provider claims in an effect, which can run after a child's effect opened the modal.
    queueMicrotask(() => {
      if (mounting || kit.hasRenderer()) return
      mounting = true
      const release = kit.claimRenderer()
      load()
        .then(({ mountModal }) => {
          unmount = mountModal(kit)
        })
        .catch(() => {
          // The host logged the failure and closed the modal; the next open retries.
          mounting = false
          release()
        })
    })
  const opened = kit.modal.store.select((state) => state.open).subscribe((open) => open && mount())
  if (kit.modal.mode === 'embedded') mount()
  // A destroyed kit lets its React root and its host go (the appended element with it): a root
  // left mounted would keep rendering for a kit that is gone.
  kit.bus.events$.subscribe({
    complete: () => {
      opened.unsubscribe()
      unmount?.()
      disconnect()
    },
  })
}
