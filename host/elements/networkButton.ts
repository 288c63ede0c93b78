import { safeIconUrl } from '../../kernel/index.ts'
import type { PorticoNetworkButtonAttributes } from './elementTypes.ts'
import { type ElementBehaviour, part } from './porticoElement.ts'
import { openerText } from '../openerText.ts'

/**
 * `<portico-network-button>`: the active network's name, with its icon when the
 * network's image URL is safe to load (an http(s) URL or a data:image/ URI;
 * network metadata is the integrator's, but a bad one must not become a
 * `javascript:` source). Opens the Networks view.
 */
export const networkButton: ElementBehaviour<keyof PorticoNetworkButtonAttributes> = {
  attributes: [],
  render(kit, button) {
    const network = kit.chains.get().activeCaipNetwork
    const icon = safeIconUrl(network.assets?.imageUrl)
    button.dataset.state = 'network'
    // The visible name starts the accessible one, which says what pressing it does.
    button.setAttribute('aria-label', openerText(kit.locale.get().locale, 'opener.switchNetwork', { network: network.name }))
    const parts: HTMLElement[] = [part('name', network.name)]
    if (icon) {
      const img = document.createElement('img')
      img.alt = ''
      img.src = icon
      img.referrerPolicy = 'no-referrer'
      parts.unshift(img)
    }
    button.replaceChildren(...parts)
  },
  click(kit) {
    kit.open({ view: 'Networks' })
  },
}
