import { modalCss } from './modalCss.ts'

let sheet: CSSStyleSheet | undefined

/** Constructable stylesheets work under a CSP without 'unsafe-inline'; jsdom and old browsers lack them. */
function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function'
  )
}

/**
 * Adopts the modal's stylesheet into `root`, once. One sheet is shared by
 * every shadow root of the page. Without support the modal renders unstyled
 * rather than reach for a `<style>` element a strict CSP would block.
 */
export function adoptStyles(root: ShadowRoot): void {
  if (!supportsAdoptedSheets(root)) return
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(modalCss)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
