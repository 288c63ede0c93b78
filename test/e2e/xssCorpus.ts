// The hostile strings the browser tests put into every untrusted text the kit shows (wallet
// names, token names and symbols, names, frame error texts). Each payload that could run sets
// window.__porticoXss; `xssReport` reads, inside a page, whether anything ran or was turned
// into markup in the modal's shadow DOM. One corpus for every test, so a new trick reaches
// every field at once.
import type { Page } from 'playwright-core'

/** The flag each script-shaped payload would set. */
export const XSS_FLAG = '__porticoXss'

const RUN = `window.${XSS_FLAG}=1`

/** Short payloads: each fits the kit's caps on names (64 to 200 characters), so it is shown, not refused. */
export const XSS_PAYLOADS = {
  imgOnerror: `<img src=x onerror="${RUN}">`,
  script: `<script>${RUN}</script>`,
  javascriptUrl: `javascript:${RUN}`,
  svgOnload: `<svg onload="${RUN}">`,
  attributeBreakout: `"><img src=x onerror=${RUN}>`,
  templateLiteral: `\${${RUN}}`,
  htmlEntities: `&lt;img src=x onerror=${RUN}&gt;`,
  iframeSrcdoc: `<iframe srcdoc="<script>parent.${RUN}</script>">`,
  anchorJavascript: `<a href="javascript:${RUN}">x</a>`,
  rtlOverride: '\u202Etxt.exe\u202C wallet',
} as const

/** Longer than any cap the kit sets on a shown name: must be refused or cut, never break the page. */
export const HUGE_STRING = `${'W'.repeat(100_000)}<img src=x onerror="${RUN}">`

/** An SVG icon that would run script if it were put in the page as markup (it must only ever be an `<img>` source). */
export const SCRIPTED_SVG_ICON = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"><script>${RUN}</script><rect width="10" height="10"/></svg>`,
)}`

/** An icon that is not an image at all. */
export const JAVASCRIPT_ICON = `javascript:${RUN}`

export interface XssReport {
  /** Whether any payload ran. */
  readonly ran: boolean
  /** Elements in the modal's shadow root that a payload would have created (tag and outer HTML, cut). */
  readonly injected: string[]
  /** Every img src in the modal: none may be a javascript: URL. */
  readonly imageSources: string[]
  /** The modal's visible text, for "the payload is shown as text". */
  readonly text: string
}

/** Records native dialogs (alert/confirm/prompt) the page opens; read the array at the end. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return dialogs
}

/** What the page shows and did: run in the page after each hostile string was rendered. */
export function xssReport(page: Page): Promise<XssReport> {
  return page.evaluate((flag) => {
    const root = document.querySelector('portico-modal')?.shadowRoot
    const all = root ? [...root.querySelectorAll('*')] : []
    const hostile = (el: Element) =>
      ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) ||
      (el.tagName === 'IMG' && el.getAttribute('src') === 'x') ||
      (el.tagName.toLowerCase() === 'svg' && el.hasAttribute('onload')) ||
      el.hasAttribute('srcdoc') ||
      [...el.attributes].some((a) => /^on/i.test(a.name) || (/^(href|src|xlink:href|action|formaction)$/i.test(a.name) && /^\s*javascript:/i.test(a.value)))
    return {
      ran: (window as unknown as Record<string, unknown>)[flag] !== undefined,
      injected: all.filter(hostile).map((el) => el.outerHTML.slice(0, 160)),
      imageSources: all.filter((el) => el.tagName === 'IMG').map((el) => (el as HTMLImageElement).src.slice(0, 60)),
      text: (root?.querySelector('dialog') as HTMLElement | null)?.innerText ?? '',
    }
  }, XSS_FLAG)
}
