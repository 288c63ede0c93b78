const sheets = new Map<string, CSSStyleSheet>()

/** Constructable stylesheets work under a CSP without 'unsafe-inline'; jsdom and old browsers lack them. */
function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function'
  )
}

/**
 * Adopts `css` into `root` once, as a constructable stylesheet built once per
 * page and shared by every shadow root. Without support the modal renders
 * unstyled rather than reach for a `<style>` element a strict CSP would block.
 */
export function adoptSheet(root: ShadowRoot, css: string): void {
  if (!supportsAdoptedSheets(root)) return
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
