/**
 * What the modal needs beyond the first screen, as one lazily imported chunk:
 * the host, the dialog, the core views and the stylesheet.
 */
export { ModalHost } from './ModalHost.tsx'
export { registerCoreViews } from '../views/registerCoreViews.ts'
