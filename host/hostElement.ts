import { hostCss } from './hostCss.ts'
import { adoptSheet } from './sheet.ts'

/** The modal host's tag; tests and the bench find the dialog as `portico-modal` → shadowRoot → `dialog[open]`. */
export const HOST_TAG = 'portico-modal'

/** Defines `<portico-modal>` once per page, so several kits or bundles can share it. */
export function defineHostElement(): void {
  if (typeof customElements === 'undefined' || customElements.get(HOST_TAG)) return
  // A plain element: the host code owns the shadow root, so an app-placed host upgrades without side effects.
  customElements.define(HOST_TAG, class PorticoModalElement extends HTMLElement {})
}

export function createHostElement(): HTMLElement {
  defineHostElement()
  return document.createElement(HOST_TAG)
}

/** The host's open shadow root with the first screen's styles adopted; attaches it the first time. */
export function openShadowRoot(host: HTMLElement): ShadowRoot {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  adoptSheet(root, hostCss)
  return root
}
