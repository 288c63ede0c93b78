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
 * a click's would wait for the next one (up to 16.7 ms more). The opener's click runs
 * when the press focuses it (the browser's own mouse focus, in the press's task), so
 * the app's handler opens what it opens and what the dialog then focuses shows no
 * focus ring, as after a click. An opener that has focus already gets no focus event:
 * its click runs in the pointerdown, whose default is then kept from the page (the
 * browser would otherwise take focus out of the dialog to give it to the opener
 * again). The release lands on the dialog; should it land on the opener after all
 * (nothing opened), that click is dropped, not run twice. Touch, pen and keyboard keep
 * the click (a touch that goes down may be a scroll), and so does a browser that does
 * not focus buttons on a press. `openerOf` finds the opener an event went through:
 * passed in, as the first screen has it already and this module comes later on its
 * own. Returns the function that stops it.
 */
export function openOnPress(isOpen: () => boolean, openerOf: (event: Event) => Element | undefined): () => void {
  /** The opener the main button went down on, until the press focuses it. */
  let pressed: HTMLButtonElement | null = null
  /** The opener a press opened, until the release's click. */
  let opened: HTMLButtonElement | null = null
  const open = (button: HTMLButtonElement) => {
    pressed = null
    opened = button
    button.click()
  }
  const onPress = (event: PointerEvent) => {
    pressed = opened = null
    const mainButtonAlone = event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
    if (event.pointerType !== 'mouse' || !mainButtonAlone || isOpen()) return
    const button = openerButton(openerOf(event))
    if (!button) return
    if (!button.matches(':focus')) {
      // The press's own focus comes in this task or not at all (a browser that does not focus buttons).
      pressed = button
      setTimeout(() => (pressed = null))
      return
    }
    event.preventDefault()
    open(button)
  }
  const onFocus = (event: FocusEvent) => {
    if (pressed && event.composedPath().includes(pressed)) open(pressed)
  }
  const onClick = (event: MouseEvent) => {
    pressed = null
    if (!opened || event.detail === 0) return
    if (event.composedPath().includes(opened)) {
      event.stopImmediatePropagation()
      event.preventDefault()
    }
    opened = null
  }
  document.addEventListener('pointerdown', onPress, true)
  document.addEventListener('focusin', onFocus, true)
  document.addEventListener('click', onClick, true)
  return () => {
    document.removeEventListener('pointerdown', onPress, true)
    document.removeEventListener('focusin', onFocus, true)
    document.removeEventListener('click', onClick, true)
  }
}
