const TABBABLE = 'button, input, select, textarea, a[href], [tabindex]'

/** The controls Tab can reach in `container`, in order: enabled, shown, not taken out with tabindex="-1". */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0)
}

/**
 * Keeps Tab and Shift+Tab inside the dialog. `showModal()` makes the page inert,
 * but Chromium still lets Tab move past the last control out of the document (to
 * the browser's own UI); wrap to the first (or last) control instead.
 */
export function loopFocus(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
  const container = event.currentTarget as HTMLElement
  const controls = tabbables(container)
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return event.preventDefault()
  const root = container.getRootNode() as Document | ShadowRoot
  const active = root.activeElement
  const outside = active === container || !container.contains(active)
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}
