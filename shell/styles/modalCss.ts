import { AnimationMs } from '../../kernel/index.ts'
import { themeDefaultsCss } from '../../kernel/theme/themeDefaults.ts'
import { SHEET_MAX_WIDTH_PX } from '../../host/hostCss.ts'

/** The sticky header's height and the snack's reach: what `scroll-padding` keeps a focused control clear of (WCAG 2.4.11). */
const HEADER_PX = 48
const SNACK_CLEARANCE_PX = 64

/**
 * The frame's and the views' stylesheet, adopted by the host's shadow root when
 * the view's code arrives, beside the first screen's sheet (host/hostCss.ts: the
 * dialog's box, its background, border and radius). Every colour and size goes
 * through a `--portico-*` custom property the integrator can override (inline
 * properties on the host beat `:host` rules). No @font-face: Inter is used when
 * installed, else the system stack, so nothing is fetched. Only logical properties
 * (inline/block, start/end), so a right-to-left dialog lays out mirrored.
 */
export const modalCss = /* css */ `
${themeDefaultsCss()}
*, *::before, *::after { box-sizing: border-box; }

.modal, .embedded {
  color: var(--portico-foreground);
  font-family: var(--portico-font-family);
  font-size: calc(var(--portico-font-size-base) * 1.4);
  line-height: 1.4;
}
.embedded {
  display: block;
  width: var(--portico-width);
  max-width: 100%;
  background: var(--portico-background);
  border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius) * 7);
}

.modal { scroll-padding-block: ${HEADER_PX + 8}px ${SNACK_CLEARANCE_PX}px; }
.frame { position: relative; display: flex; flex-direction: column; padding-block: 12px 16px; padding-inline: 16px; }

/* Sticky, so Back and Close stay in reach in a long view; the dialog's scroll-padding keeps focus clear of it. */
.header {
  position: sticky; inset-block-start: 0; z-index: 1;
  display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; min-height: ${HEADER_PX}px;
  background: var(--portico-background);
}
.title { overflow-wrap: anywhere; }
.title {
  margin: 0;
  text-align: center;
  font-size: calc(var(--portico-font-size-base) * 1.6);
  font-weight: 600;
  animation: portico-fade ${AnimationMs.headerText}ms ease;
}
.header-slot { width: 40px; height: 40px; }

.body { overflow: hidden; transition: height ${AnimationMs.modalHeight}ms ease; }
.view { padding-top: 8px; animation: portico-view-in ${AnimationMs.viewTransition}ms ease; }

.stack { display: flex; flex-direction: column; gap: 8px; }
.stack[data-align='center'] { align-items: center; text-align: center; }
.stack[data-gap='large'] { gap: 16px; }
.row { display: flex; align-items: center; gap: 8px; }
.connect-methods { border: 0; padding: 0; margin: 0; min-width: 0; }
.connect-methods:disabled .list-item { cursor: not-allowed; opacity: 0.5; }
.legal { display: flex; flex-direction: column; gap: 4px; }
.legal-row { display: flex; align-items: center; gap: 8px; }
.legal-box { flex: none; width: 24px; height: 24px; margin: 0; accent-color: var(--portico-accent); }
.legal-link { color: inherit; text-decoration: underline; }
.separator { border: 0; border-top: 1px solid var(--portico-border); margin: 8px 0; width: 100%; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }

.text { margin: 0; overflow-wrap: anywhere; }
.text[data-variant='title'] { font-size: calc(var(--portico-font-size-base) * 1.6); font-weight: 600; }
.text[data-variant='small'] { font-size: calc(var(--portico-font-size-base) * 1.2); }
.text[data-variant='muted'] { color: var(--portico-muted); }
.text[data-variant='error'] { color: var(--portico-error); font-size: calc(var(--portico-font-size-base) * 1.2); }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
}

button, input { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }

.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 40px; padding: 0 16px; width: 100%;
  border: 1px solid transparent; border-radius: calc(var(--portico-border-radius) * 4);
  background: var(--portico-accent); color: var(--portico-accent-foreground);
  font-weight: 600; cursor: pointer;
}
.button[data-variant='secondary'] { background: var(--portico-surface); color: var(--portico-foreground); border-color: var(--portico-border); }
.button[data-variant='ghost'] { background: transparent; color: var(--portico-foreground); }
.button:hover:not(:disabled) { filter: brightness(1.1); }
.button:disabled { opacity: 0.5; cursor: not-allowed; }

.icon-button {
  display: inline-flex; align-items: center; justify-content: center;
  width: 40px; height: 40px; padding: 0; border: 0; border-radius: calc(var(--portico-border-radius) * 3);
  background: transparent; cursor: pointer;
}
/* Directional icons point the way the reading goes. */
.icon[data-directional]:dir(rtl) { transform: scaleX(-1); }
.icon-button:hover { background: var(--portico-surface-hover); }
.icon { width: 20px; height: 20px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; flex: none; }

.list-item {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 8px 12px;
  border: 0; border-radius: calc(var(--portico-border-radius) * 4);
  background: var(--portico-surface); text-align: start; cursor: pointer;
}
.list-item:hover { background: var(--portico-surface-hover); }
a.list-item { color: inherit; text-decoration: none; }
.list-item-text { display: flex; flex-direction: column; min-width: 0; }
.list-item-label { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; align-self: start; max-width: 100%; }
.list-item-description { color: var(--portico-muted); font-size: calc(var(--portico-font-size-base) * 1.2); }

.wallet-image { display: block; flex: none; border-radius: calc(var(--portico-border-radius) * 3); object-fit: cover; }
.wallet-image[data-placeholder] { background: var(--portico-border); }

.input {
  width: 100%; min-height: 40px; padding: 0 12px;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius) * 4);
  background: var(--portico-surface);
}
.input[aria-invalid='true'] { border-color: var(--portico-error); }

.tabs { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--portico-border-radius) * 4); background: var(--portico-surface); }
.tab { flex: 1; min-height: 32px; border: 0; border-radius: calc(var(--portico-border-radius) * 3); background: transparent; color: var(--portico-muted); cursor: pointer; }
.tab[aria-selected='true'] { background: var(--portico-background); color: var(--portico-foreground); font-weight: 600; }
.tab-panel { padding: 8px 0; }

/* Icon above a one-line label; columns as wide as the longest label needs, so no word breaks and no icon is cut from 320 px up. */
.features { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 8.5em), 1fr)); gap: 8px; }
.features .button { flex-direction: column; gap: 4px; min-height: 56px; padding: 8px 4px; white-space: nowrap; }

.status { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 24px 0; text-align: center; }
.spinner { width: 24px; height: 24px; fill: none; stroke: var(--portico-accent); stroke-width: 3; stroke-linecap: round; stroke-dasharray: 40 60; animation: portico-spin 800ms linear infinite; }

.snack {
  position: absolute; inset-inline: 16px; inset-block-end: 16px; margin-inline: auto; width: fit-content;
  display: flex; align-items: center; gap: 8px; padding-block: 8px; padding-inline: 12px;
  border: 1px solid var(--portico-border); border-radius: 999px; background: var(--portico-surface);
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
  animation: portico-fade ${AnimationMs.viewTransition}ms ease;
}
.snack[data-state='closed'] { display: none; }
.snack[data-variant='success'] .icon { stroke: var(--portico-success); }
.snack[data-variant='error'] .icon { stroke: var(--portico-error); }

.alert {
  display: flex; align-items: flex-start; gap: 8px; margin-block: 4px; padding-block: 8px; padding-inline: 12px 8px;
  border-radius: calc(var(--portico-border-radius) * 3); background: var(--portico-surface);
  border-inline-start: 3px solid var(--portico-error);
}
.alert[data-variant='warning'] { border-inline-start-color: #f5a524; }
.alert[data-variant='info'] { border-inline-start-color: var(--portico-accent); }
.alert-text { flex: 1; }

.qr { display: block; padding: 12px; border-radius: calc(var(--portico-border-radius) * 4); background: #ffffff; color: #000000; }
.qr rect { fill: currentColor; }

@keyframes portico-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes portico-view-in { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
@keyframes portico-spin { to { transform: rotate(360deg); } }

/* The phone's bottom sheet: clear of the home indicator; dragged by its header. */
@media (max-width: ${SHEET_MAX_WIDTH_PX}px) {
  .modal .frame { padding-block-end: calc(16px + env(safe-area-inset-bottom, 0px)); padding-inline: calc(16px + env(safe-area-inset-left, 0px)) calc(16px + env(safe-area-inset-right, 0px)); }
  .modal .header { touch-action: none; }
  .modal[data-dragging] { transition: none; }
  .modal[data-springing] { transition: transform ${AnimationMs.modalHeight}ms ease; }
}

/* More contrast asked for: borders at 3:1 or more against the background, muted text at 7:1. */
@media (prefers-contrast: more) {
  :host { --portico-border: #8c8c8c; --portico-muted: #cfcfcf; }
  :host([data-theme='light']) { --portico-border: #6b6b6b; --portico-muted: #3b3b3b; }
  .list-item, .tabs, .button[data-variant='ghost'], .snack { border: 1px solid var(--portico-border); }
  .tab[aria-selected='true'] { outline: 1px solid var(--portico-foreground); }
}

@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
  }
}
`
