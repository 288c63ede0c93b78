import { AnimationMs, MODAL_WIDTH_PX, SHAKE_MS, ThemeDefaults } from '../kernel/index.ts'

/** Bottom-sheet breakpoint: phones in portrait. */
export const SHEET_MAX_WIDTH_PX = 430

/**
 * Height of the empty frame on a page's first open, before the view's code has
 * arrived: about the Connect view's, so the dialog does not jump when it renders.
 * Later opens start at the height the dialog had when it last closed.
 */
export const FIRST_FRAME_HEIGHT_PX = 420

/**
 * The first screen's part of the modal's stylesheet: only what the empty dialog
 * shows on the click that opens it (its box, backdrop and shake, in both theme
 * modes), written compactly because every page pays for it. `min-height: 0`
 * rather than `auto`, so letting go of the held height transitions (auto does not). The theme's other
 * properties, the frame and the views come with the view's code
 * (shell/styles/modalCss.ts). Integrators override any `--portico-*` property
 * on the host element; inline properties beat these `:host` rules. The closed dialog
 * keeps its box, hidden and at the place it opens at, so a view rendered into it ahead
 * of the first open is laid out already when it shows.
 */
export const hostCss = /* css */ `
:host{display:contents;--portico-width:${MODAL_WIDTH_PX}px;--portico-frame-height:${FIRST_FRAME_HEIGHT_PX}px;--portico-border-radius:${ThemeDefaults.borderRadius};--portico-background:#141414;--portico-border:#2f2f2f;--portico-backdrop:rgb(0 0 0/.6)}
:host([data-theme=light]){--portico-background:#fff;--portico-border:#e2e2e2;--portico-backdrop:rgb(0 0 0/.3)}
.modal{box-sizing:border-box;width:var(--portico-width);max-width:calc(100vw - 32px);min-height:0;padding:0;background:var(--portico-background);border:1px solid var(--portico-border);border-radius:calc(var(--portico-border-radius)*7);transition:min-height ${AnimationMs.modalHeight}ms}
.modal:not([data-rendered]){min-height:var(--portico-frame-height)}
.modal:not([open]){display:block;visibility:hidden;position:fixed;inset:0;margin:auto}
.modal[data-revealing]{transition:none}.modal[data-revealing]>*{display:none}
.modal:focus{outline:none}
.modal::backdrop{background:var(--portico-backdrop)}
.modal[data-shake]{animation:portico-shake ${SHAKE_MS}ms ease-in-out}
@media (max-width:${SHEET_MAX_WIDTH_PX}px){.modal{width:100%;max-width:100%;margin:auto 0 0;border-bottom:0;border-radius:calc(var(--portico-border-radius)*7) calc(var(--portico-border-radius)*7) 0 0}}
@keyframes portico-shake{20%,60%{transform:translateX(-6px)}40%,80%{transform:translateX(6px)}}
@media (prefers-reduced-motion:reduce){.modal,.modal::backdrop{animation:none!important;transition:none!important}}
`
