import type { PorticoKit } from '../../kernel/index.ts'
import { accountButton } from './accountButton.ts'
import type { PorticoElementAttributes, PorticoElementName } from './elementTypes.ts'
import { networkButton } from './networkButton.ts'
import { type ElementBehaviour, porticoElement } from './porticoElement.ts'

// Each element's behaviour reads only the attributes its typings give apps.
const ELEMENTS: { readonly [Name in PorticoElementName]: ElementBehaviour<keyof PorticoElementAttributes[Name] & string> } = {
  'portico-button': accountButton,
  'portico-account-button': accountButton,
  'portico-network-button': networkButton,
}

const kits = new WeakMap<CustomElementConstructor, PorticoKit>()

/**
 * Defines `<portico-button>`, `<portico-account-button>` and
 * `<portico-network-button>` for `kit`, for pages without React. Nothing is
 * defined on import; call it once. Element names are page-wide, so a second
 * kit cannot take them over: that throws. Calling it again with the same kit
 * does nothing.
 *
 * @example
 * import { createPortico, definePorticoElements, mainnet } from 'portico'
 * import { eip155Plugin } from 'portico/eip155'
 *
 * const kit = createPortico({ projectId: 'my-project', networks: [mainnet], plugins: [eip155Plugin()] })
 * definePorticoElements(kit)
 * // <portico-button></portico-button> <portico-network-button></portico-network-button>
 */
export function definePorticoElements(kit: PorticoKit): void {
  for (const [name, behaviour] of Object.entries(ELEMENTS)) {
    const defined = customElements.get(name)
    if (defined) {
      if (kits.get(defined) !== kit) throw new Error(`[Portico] <${name}> is already defined for another kit on this page`)
      continue
    }
    const element = porticoElement(kit, behaviour)
    kits.set(element, kit)
    customElements.define(name, element)
  }
}
