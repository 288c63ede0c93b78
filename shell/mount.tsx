/**
 * The vanilla entry's modal renderer, loaded with `import()` on first open (or
 * earlier, when the host prefetches it). It brings react-dom itself, so a page
 * without React in its own code can use it.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { PorticoKit } from '../kernel/index.ts'
import { ModalHost } from './modal/ModalHost.tsx'

/**
 * Renders the modal's frame for `kit` with its own React root; no app provider
 * needed. The host (host/modalHost.ts) already shows the dialog, or the embedded
 * section; this fills it. Returns the unmount function.
 */
export function mountModal(kit: PorticoKit): () => void {
  // The root's own container stays detached: everything renders through a portal into the host.
  const root = createRoot(document.createElement('div'))
  // At once rather than on React's next task: the dialog is already on screen, empty.
  flushSync(() => root.render(<ModalHost kit={kit} />))
  return () => root.unmount()
}
