import type { PorticoKit } from '../../kernel/index.ts'
import { applyTheme } from '../applyTheme.ts'
import { hostCss } from '../hostCss.ts'
import { adoptSheet } from '../sheet.ts'
import { elementsCss } from './elementsCss.ts'
import { applyLocale, followOpenerLocale } from '../openerText.ts'
import { restoringOf } from '../restoring.ts'

/** What one element shows and does; its class is built around it for one kit. */
export interface ElementBehaviour<Attribute extends string = string> {
  /** Attributes that change what it shows (typed for apps in elementTypes.ts). */
  readonly attributes: readonly Attribute[]
  /** Fills the button from the kit's state and the element's attributes; runs on every change. */
  render(kit: PorticoKit, button: HTMLButtonElement, element: HTMLElement): void
  click(kit: PorticoKit, element: HTMLElement): void
}

/**
 * A custom element class holding one real `<button>` in an open shadow root,
 * styled by adopted sheets (no `<style>`, so a strict CSP works) and themed by
 * the kit. It follows the kit's chains, modal and theme stores while it is in
 * the document, and lets them go when it leaves. Built at define time, not at
 * import, so importing the entry in Node (tests, server rendering) never
 * touches `HTMLElement`.
 */
export function porticoElement(kit: PorticoKit, behaviour: ElementBehaviour): CustomElementConstructor {
  return class PorticoElement extends HTMLElement {
    static readonly observedAttributes = behaviour.attributes
    readonly #button: HTMLButtonElement
    #release: (() => void)[] = []
    #themed: string[] = []

    constructor() {
      super()
      const root = this.attachShadow({ mode: 'open', delegatesFocus: true })
      adoptSheet(root, hostCss)
      adoptSheet(root, elementsCss)
      this.#button = root.appendChild(document.createElement('button'))
      this.#button.type = 'button'
      this.#button.setAttribute('aria-haspopup', 'dialog')
      this.#button.addEventListener('click', () => behaviour.click(kit, this))
    }

    connectedCallback() {
      const theme = () => (this.#themed = applyTheme(this, kit.theme.get(), this.#themed))
      const expanded = () => this.#button.setAttribute('aria-expanded', String(kit.modal.store.get().open))
      const render = () => behaviour.render(kit, this.#button, this)
      const locale = () => {
        applyLocale(this, kit.locale.get().locale)
        render()
      }
      this.#release = [
        kit.chains.subscribe(render),
        // The end of the kit's restore: a server's initial state gives way to the kit's own.
        restoringOf(kit).subscribe(render),
        kit.theme.subscribe(theme),
        kit.modal.store.subscribe(expanded),
        followOpenerLocale(kit, locale),
      ]
      theme()
      expanded()
    }

    disconnectedCallback() {
      for (const release of this.#release.splice(0)) release()
    }

    attributeChangedCallback() {
      if (this.isConnected) behaviour.render(kit, this.#button, this)
    }
  }
}

/** A `<span data-part>` with text, the pieces the buttons are made of; addresses and amounts stay left to right in a right-to-left locale. */
export function part(name: string, text: string, dir?: 'ltr'): HTMLSpanElement {
  const span = document.createElement('span')
  span.dataset.part = name
  span.textContent = text
  if (dir) span.dir = dir
  return span
}
