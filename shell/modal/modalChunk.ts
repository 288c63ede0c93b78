/**
 * What the modal needs beyond the first screen, as one lazily imported chunk:
 * the frame that fills the host's dialog, with the core views and their stylesheet.
 */
export { ModalHost } from './ModalHost.tsx'
