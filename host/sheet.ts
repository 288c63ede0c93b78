const sheets = new Map<string, CSSStyleSheet>()

/** Constructable stylesheets work under a CSP without 'unsafe-inline'; jsdom and old browsers lack them. */
function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && typeof CSSStyleSheet.prototype.replaceSync === 'function'
}

/**
 * Adopts `css` into `root` once, as a constructable stylesheet built once per
 * page and shared by every shadow root. Without support the modal renders
 * unstyled rather than reach for a `<style>` element a strict CSP would block.
 */
export function adoptSheet(root: ShadowRoot, css: string): void {
  if (!supportsAdoptedSheets(root)) return
  const sheet = sheetOf(css)
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  return sheet
}

/**
 * Parses `css` into its shared sheet ahead of need (idle time), so the click that
 * first adopts it does not pay for the parse: a few milliseconds of the first open.
 */
export function prepareSheet(css: string): void {
  if (typeof CSSStyleSheet === 'function' && typeof CSSStyleSheet.prototype.replaceSync === 'function') sheetOf(css)
}
