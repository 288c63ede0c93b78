import type { HTMLAttributes } from 'svelte/elements'
import type { PorticoElementAttributes, PorticoElementName } from '../../host/elements/elementTypes.ts'

/** What Svelte markup takes on each `<portico-*>` element: a plain element's attributes and the element's own. */
export type PorticoSvelteElements = { [Name in PorticoElementName]: HTMLAttributes<HTMLElementTagNameMap[Name]> & PorticoElementAttributes[Name] }

declare global {
  // Svelte's language tools check markup against svelteHTML.IntrinsicElements (Svelte's own
  // documented way to type a custom element), merged here with the elements' attributes.
  namespace svelteHTML {
    interface IntrinsicElements extends PorticoSvelteElements {}
  }
}
