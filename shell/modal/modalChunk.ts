/**
 * What the modal needs beyond the first screen, as one lazily imported chunk:
 * the frame that fills the host's dialog, with the core views and their stylesheet.
 */
export { ModalHost } from './ModalHost.tsx'
// Brought with the renderer so the first screen does without it (host/modalHost.ts, RendererCode).
export { openOnPress } from '../../host/pressOpen.ts'
