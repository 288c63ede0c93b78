// @vitest-environment jsdom
// Openers act on the press of the main mouse button; every other way of pressing
// keeps the click. Real Chromium shows the frame it wins: test/e2e/modal.e2e.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openerOf } from './prefetch.ts'
import { openOnPress } from './pressOpen.ts'

let open = false
const stops: (() => void)[] = []
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  document.body.innerHTML = ''
  open = false
})

function start() {
  stops.push(openOnPress(() => open, openerOf))
}

/** An app's button marked as an opener; its handler counts the clicks it runs. */
function opener(tag = 'button') {
  const element = document.body.appendChild(document.createElement(tag))
  element.setAttribute('data-portico-opener', '')
  const clicks = vi.fn(() => (open = true))
  element.addEventListener('click', clicks)
  return { element, clicks }
}

/**
 * A press as Chromium makes it: pointerdown, then (unless its default was prevented) the
 * mouse focus the browser gives the button, in the same task. `focusable` false is a
 * browser that does not focus buttons on a press (Safari).
 */
const press = (target: HTMLElement, init: PointerEventInit = {}, focusable = true) => {
  const event = new PointerEvent('pointerdown', { pointerType: 'mouse', button: 0, bubbles: true, cancelable: true, composed: true, ...init })
  target.dispatchEvent(event)
  if (!event.defaultPrevented && focusable) target.focus()
  return event
}

/** The click a release makes: detail 1 for a mouse (0 is a keyboard's). */
const release = (target: Element, detail = 1) => target.dispatchEvent(new MouseEvent('click', { detail, bubbles: true, cancelable: true, composed: true }))

describe('openers act on the press', () => {
  it('a press of the main mouse button runs the opener click once, when the press focuses it (in the press), and only then', () => {
    start()
    const { element, clicks } = opener()
    const seen: string[] = []
    element.addEventListener('focusin', () => seen.push(`focus, ${clicks.mock.calls.length} clicks`))
    element.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', button: 0, bubbles: true, cancelable: true, composed: true }))
    expect(clicks).not.toHaveBeenCalled()
    element.focus()
    expect(clicks).toHaveBeenCalledTimes(1)
    expect(seen).toEqual(['focus, 1 clicks'])
    // The release lands on the dialog in a browser; its click reaching the opener after all is dropped.
    open = false
    release(element)
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('an opener that has focus already opens in the pointerdown, whose default is kept from the page', () => {
    start()
    const { element, clicks } = opener()
    element.focus()
    const event = press(element)
    expect(event.defaultPrevented).toBe(true)
    expect(clicks).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(element)
  })

  it('a browser that does not focus buttons on a press: the click opens, once', () => {
    start()
    const { element, clicks } = opener()
    expect(press(element, {}, false).defaultPrevented).toBe(false)
    expect(clicks).not.toHaveBeenCalled()
    release(element)
    expect(clicks).toHaveBeenCalledTimes(1)
    // The press is over: focus coming later (a Tab) opens nothing.
    open = false
    element.focus()
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('a press whose focus does not come in its own task, and no click either (released outside the page): focus coming later opens nothing', async () => {
    start()
    const { element, clicks } = opener()
    press(element, {}, false)
    await new Promise((resolve) => setTimeout(resolve))
    element.focus()
    expect(clicks).not.toHaveBeenCalled()
  })

  it('the release landing elsewhere (on the dialog) is left alone', () => {
    start()
    const { element, clicks } = opener()
    const elsewhere = document.body.appendChild(document.createElement('div'))
    const elsewhereClicks = vi.fn()
    elsewhere.addEventListener('click', elsewhereClicks)
    press(element)
    release(elsewhere)
    expect(elsewhereClicks).toHaveBeenCalledTimes(1)
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('a keyboard click after a press whose release never came still runs', () => {
    start()
    const { element, clicks } = opener()
    press(element)
    open = false
    release(element, 0)
    expect(clicks).toHaveBeenCalledTimes(2)
  })

  it('touch, pen, other buttons and modifier keys keep the click', () => {
    start()
    const { element, clicks } = opener()
    for (const init of [{ pointerType: 'touch' }, { pointerType: 'pen' }, { button: 2 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      const event = press(element, init)
      expect(event.defaultPrevented).toBe(false)
    }
    expect(clicks).not.toHaveBeenCalled()
    release(element)
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('only buttons: a link marked as an opener, a disabled button and an unmarked button keep their own behaviour', () => {
    start()
    const link = opener('a')
    link.element.setAttribute('href', '#somewhere')
    const disabled = opener()
    ;(disabled.element as HTMLButtonElement).disabled = true
    const plain = document.body.appendChild(document.createElement('button'))
    const plainClicks = vi.fn()
    plain.addEventListener('click', plainClicks)
    for (const element of [link.element, disabled.element, plain]) expect(press(element).defaultPrevented).toBe(false)
    expect(link.clicks).not.toHaveBeenCalled()
    expect(disabled.clicks).not.toHaveBeenCalled()
    expect(plainClicks).not.toHaveBeenCalled()
  })

  it("a Portico element's own button, inside its shadow root, is the one pressed", () => {
    start()
    const element = document.body.appendChild(document.createElement('portico-button'))
    const inner = element.attachShadow({ mode: 'open' }).appendChild(document.createElement('button'))
    const clicks = vi.fn()
    inner.addEventListener('click', clicks)
    press(inner)
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('nothing while the modal is open, and nothing once stopped', () => {
    start()
    const { element, clicks } = opener()
    open = true
    expect(press(element).defaultPrevented).toBe(false)
    open = false
    stops.splice(0).forEach((stop) => stop())
    expect(press(element).defaultPrevented).toBe(false)
    expect(clicks).not.toHaveBeenCalled()
  })
})
