import { AnimationMs } from '../../kernel/index.ts'
import { themeDefaultsCss } from '../../kernel/theme/themeDefaults.ts'

/**
 * The frame's and the views' stylesheet, adopted by the host's shadow root when
 * the view's code arrives, beside the first screen's sheet (host/hostCss.ts: the
 * dialog's box, its background, border and radius). Every colour and size goes
 * through a `--portico-*` custom property the integrator can override (inline
 * properties on the host beat `:host` rules). No @font-face: Inter is used when
 * installed, else the system stack, so nothing is fetched.
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

.frame { position: relative; display: flex; flex-direction: column; padding: 12px 16px 16px; }

.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; min-height: 48px; }
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

.text { margin: 0; }
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
.list-item-label { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
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

.features { display: grid; grid-template-columns: repeat(auto-fit, minmax(64px, 1fr)); gap: 8px; }

.status { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 24px 0; text-align: center; }
.spinner { width: 24px; height: 24px; fill: none; stroke: var(--portico-accent); stroke-width: 3; stroke-linecap: round; stroke-dasharray: 40 60; animation: portico-spin 800ms linear infinite; }

.snack {
  position: absolute; left: 50%; bottom: 16px; transform: translateX(-50%);
  display: flex; align-items: center; gap: 8px; max-width: calc(100% - 32px); padding: 8px 12px;
  border: 1px solid var(--portico-border); border-radius: 999px; background: var(--portico-surface);
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
  animation: portico-fade ${AnimationMs.viewTransition}ms ease;
}
.snack[data-state='closed'] { display: none; }
.snack[data-variant='success'] .icon { stroke: var(--portico-success); }
.snack[data-variant='error'] .icon { stroke: var(--portico-error); }

.alert {
  display: flex; align-items: flex-start; gap: 8px; margin: 4px 0; padding: 8px 8px 8px 12px;
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

@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
  }
}
`
