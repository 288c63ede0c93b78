/**
 * The vanilla entry's modal renderer, loaded with `import()` on first open so
 * React stays out of the entry's initial closure.
 */
import { createRoot } from 'react-dom/client'
import type { PorticoKit } from '../kernel/index.ts'
import { HOST_TAG, createHostElement } from './modal/hostElement.ts'
import { ModalHost } from './modal/ModalHost.tsx'
import { registerCoreViews } from './views/registerCoreViews.ts'

/**
 * Renders the modal for `kit` with its own React root; no app provider needed.
 * With `disableAppend` or `enableEmbedded` it renders into the
 * `<portico-modal>` the page placed, or appends one when there is none.
 * Returns the unmount function.
 */
export function mountModal(kit: PorticoKit): () => void {
  registerCoreViews(kit)
  const inPlace = kit.config.disableAppend || kit.config.enableEmbedded
  const placed = inPlace ? document.querySelector<HTMLElement>(HOST_TAG) : null
  const host = placed ?? document.body.appendChild(createHostElement())
  // The root's own container stays detached: everything renders through the portal into `host`.
  const root = createRoot(document.createElement('div'))
  root.render(<ModalHost kit={kit} host={host} />)
  return () => {
    root.unmount()
    if (!placed) host.remove()
  }
}
