/**
 * The button an opener is pressed through: the element itself, or the one inside a
 * Portico element's shadow root. Only buttons: pressing a link must stay a link.
 */
function openerButton(opener: Element | undefined): HTMLButtonElement | null {
  const button = opener?.shadowRoot?.querySelector('button') ?? opener
  return button instanceof HTMLButtonElement && !button.disabled ? button : null
}

/**
 * Openers act on the press of the main mouse button, as a menu does, not on its
 * release: the dialog then shows in the frame the browser runs for the press, where
 * a click's would wait for the next one (up to 16.7 ms more). The press is kept from
 * the page (no mousedown, no text selection); the opener takes focus as the press
 * would have given it, so it is where focus returns on close; and its click runs, so
 * the app's own handler opens what it opens. The release then lands on the dialog;
 * should it land on the opener after all (nothing opened), that click is dropped,
 * not run twice. Touch, pen and keyboard keep the click: a touch that goes down may
 * be a scroll. `openerOf` finds the opener an event went through: passed in, as the first
 * screen has it already and this module comes later on its own. Returns the function
 * that stops it.
 */
export function openOnPress(isOpen: () => boolean, openerOf: (event: Event) => Element | undefined): () => void {
  let pressed: HTMLButtonElement | null = null
  const onPress = (event: PointerEvent) => {
    pressed = null
    const mainButtonAlone = event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
    if (event.pointerType !== 'mouse' || !mainButtonAlone || isOpen()) return
    const button = openerButton(openerOf(event))
    if (!button) return
    event.preventDefault()
    button.focus()
    button.click()
    pressed = button
  }
  const onClick = (event: MouseEvent) => {
    if (!pressed || event.detail === 0) return
    if (event.composedPath().includes(pressed)) {
      event.stopImmediatePropagation()
      event.preventDefault()
    }
    pressed = null
  }
  document.addEventListener('pointerdown', onPress, true)
  addEventListener('click', onClick, true)
  return () => {
    document.removeEventListener('pointerdown', onPress, true)
    removeEventListener('click', onClick, true)
  }
}
