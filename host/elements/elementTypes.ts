/**
 * The custom elements a page can use and the attributes each reads: the one table every
 * framework's typings are made from (HTML's tag map here; React's JSX in `portico/react`,
 * Vue's GlobalComponents in `portico/vue`, Svelte's elements in `portico/svelte`).
 */
export interface PorticoElementAttributes {
  'portico-button': PorticoAccountButtonAttributes
  'portico-account-button': PorticoAccountButtonAttributes
  'portico-network-button': PorticoNetworkButtonAttributes
}

/** The elements `definePorticoElements(kit)` defines. */
export type PorticoElementName = keyof PorticoElementAttributes

/** `<portico-button>` and `<portico-account-button>`. */
export interface PorticoAccountButtonAttributes {
  /** The text while disconnected; "Connect Wallet" without it. */
  label?: string
  /** `hide` leaves the balance out of the connected button; it shows otherwise. */
  balance?: 'show' | 'hide'
  /**
   * The `portico.state` cookie's value as the server read it (with `ssr: true`), e.g.
   * `porticoCookieToInitialState(cookie)?.caipAddress`: its address shows from the first
   * paint until the kit's restore settles. A value that fails the cookie's schema is ignored.
   */
  'initial-state'?: string
}

/** `<portico-network-button>` reads no attribute: it shows the kit's active network. */
export type PorticoNetworkButtonAttributes = Record<never, never>

declare global {
  // What `document.querySelector('portico-button')` and `document.createElement` return.
  // `portico-modal` is the modal's host, which the kit defines when it first opens.
  interface HTMLElementTagNameMap {
    'portico-button': HTMLElement
    'portico-account-button': HTMLElement
    'portico-network-button': HTMLElement
    'portico-modal': HTMLElement
  }
}
