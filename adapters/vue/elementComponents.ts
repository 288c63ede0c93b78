import type { HTMLAttributes } from 'vue'
import type { PorticoElementAttributes, PorticoElementName } from '../../host/elements/elementTypes.ts'

/**
 * A `<portico-*>` element as Vue's template checker (vue-tsc, Volar) sees a component: its
 * props are a plain element's attributes and the element's own. Vue still renders it as the
 * native element, once the app's compiler options call `portico-*` tags custom elements.
 */
export type PorticoElementComponent<Name extends PorticoElementName> = new () => HTMLElementTagNameMap[Name] & {
  $props: HTMLAttributes & PorticoElementAttributes[Name]
}

type PorticoGlobalComponents = { [Name in PorticoElementName]: PorticoElementComponent<Name> }

declare module 'vue' {
  interface GlobalComponents extends PorticoGlobalComponents {}
}
