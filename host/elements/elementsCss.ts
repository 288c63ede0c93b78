import { themeDefaultsCss } from '../../kernel/theme/themeDefaults.ts'

/**
 * The buttons' sheet, adopted after the host's first-screen one (which gives
 * `--portico-border-radius` and `--portico-border` in both modes): the theme
 * properties the buttons use, then their rules. Its `:host` comes last, so it
 * wins over the host sheet's `display: contents` and the element keeps a box
 * the page can place and size. Written compactly: a page with the buttons
 * pays for it on its first screen.
 */
export const elementsCss = /* css */ `
${themeDefaultsCss(['--portico-accent', '--portico-accent-foreground', '--portico-foreground', '--portico-muted', '--portico-surface', '--portico-surface-hover', '--portico-font-family', '--portico-font-size-base'])}
:host{display:inline-block;vertical-align:middle}
:host([hidden]){display:none}
button{display:inline-flex;align-items:center;gap:8px;max-width:100%;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:calc(var(--portico-border-radius)*25);font:600 calc(var(--portico-font-size-base)*1.4)/1.2 var(--portico-font-family);color:var(--portico-accent-foreground);background:var(--portico-accent);cursor:pointer;white-space:nowrap}
button:hover{filter:brightness(1.1)}
button:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
[data-state=connecting]{cursor:progress}
[data-state=connected],[data-state=network]{color:var(--portico-foreground);background:var(--portico-surface);border-color:var(--portico-border)}
[data-state=connected]:hover,[data-state=network]:hover{filter:none;background:var(--portico-surface-hover)}
[data-part=balance]{color:var(--portico-muted)}
[data-part=name]{overflow:hidden;text-overflow:ellipsis}
img{width:20px;height:20px;flex:none;border-radius:50%;object-fit:cover}
`
