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
 * The first screen's part of the modal's stylesheet: the theme's custom
 * properties and the dialog's box, so the click that opens it can show it at its
 * final width at once. Every colour and size goes through a `--portico-*`
 * property the integrator can override (inline properties on the host beat
 * `:host` rules). No @font-face: Inter is used when installed, else the system
 * stack, so nothing is fetched. The rest (header, views) comes with the view's code.
 */
export const hostCss = /* css */ `
:host {
  --portico-accent: #2563eb;
  --portico-accent-foreground: #ffffff;
  --portico-background: #141414;
  --portico-foreground: #f2f2f2;
  --portico-muted: #9b9b9b;
  --portico-surface: #1f1f1f;
  --portico-surface-hover: #2a2a2a;
  --portico-border: #2f2f2f;
  --portico-error: #f25a67;
  --portico-success: #26d962;
  --portico-backdrop: rgb(0 0 0 / 0.6);
  --portico-font-family: ${ThemeDefaults.fontFamily}, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --portico-border-radius: ${ThemeDefaults.borderRadius};
  --portico-font-size-base: ${ThemeDefaults.fontSize};
  --portico-z-index: ${ThemeDefaults.zIndex};
  --portico-width: ${MODAL_WIDTH_PX}px;
  --portico-frame-height: ${FIRST_FRAME_HEIGHT_PX}px;
  display: contents;
}
:host([data-theme='light']) {
  --portico-background: #ffffff;
  --portico-foreground: #141414;
  --portico-muted: #6b6b6b;
  --portico-surface: #f3f3f3;
  --portico-surface-hover: #e8e8e8;
  --portico-border: #e2e2e2;
  --portico-backdrop: rgb(0 0 0 / 0.3);
}

*, *::before, *::after { box-sizing: border-box; }

.modal, .embedded {
  width: var(--portico-width);
  color: var(--portico-foreground);
  background: var(--portico-background);
  font-family: var(--portico-font-family);
  font-size: calc(var(--portico-font-size-base) * 1.4);
  line-height: 1.4;
  border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius) * 7);
}
.modal { padding: 0; max-width: calc(100vw - 32px); transition: min-height ${AnimationMs.modalHeight}ms ease; }
.modal:not([data-rendered]) { min-height: var(--portico-frame-height); }
.modal:focus { outline: none; }
.modal::backdrop { background: var(--portico-backdrop); }
.modal[data-shake] { animation: portico-shake ${SHAKE_MS}ms ease-in-out; }
.embedded { display: block; max-width: 100%; }

@media (max-width: ${SHEET_MAX_WIDTH_PX}px) {
  .modal {
    width: 100%;
    max-width: 100%;
    margin: auto 0 0;
    border-bottom: 0;
    border-radius: calc(var(--portico-border-radius) * 7) calc(var(--portico-border-radius) * 7) 0 0;
  }
}

@keyframes portico-shake {
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-6px); }
  40%, 80% { transform: translateX(6px); }
}

@media (prefers-reduced-motion: reduce) {
  .modal, .modal::backdrop {
    animation: none !important;
    transition: none !important;
  }
}
`
