import type { PorticoKit } from '../kernel/index.ts'

const openers = new WeakMap<PorticoKit, HTMLElement>()

/** The focused element, looking through open shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/**
 * Remembers what had focus when the modal opened. Kept per kit, outside the
 * dialog component, so a dialog that is re-created while open still returns
 * focus to the opener rather than to whatever had focus at re-creation.
 */
export function rememberOpener(kit: PorticoKit): void {
  if (openers.has(kit)) return
  const active = deepActiveElement()
  if (active instanceof HTMLElement && active !== document.body) openers.set(kit, active)
}

/**
 * Returns focus to the opener. `dialog.close()` does this natively, but not
 * when the dialog element was replaced since `showModal()`.
 */
export function returnFocus(kit: PorticoKit): void {
  const opener = openers.get(kit)
  openers.delete(kit)
  if (opener?.isConnected && deepActiveElement() !== opener) opener.focus()
}
