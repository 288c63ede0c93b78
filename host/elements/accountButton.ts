import { type PorticoInitialState, type PorticoKit, formatBalance, truncateAddress } from '../../kernel/index.ts'
import { parseStateCookie } from '../../kernel/storage/stateCookie.ts'
import type { PorticoAccountButtonAttributes } from './elementTypes.ts'
import { type ElementBehaviour, part } from './porticoElement.ts'
import { openerText } from '../openerText.ts'
import { restoringOf } from '../restoring.ts'

/**
 * `<portico-button>` and `<portico-account-button>`. Disconnected: "Connect
 * Wallet" (or the `label` attribute), opening the modal; "Connecting…" while a
 * wallet connects; connected: the balance cut to 3 decimals with its symbol
 * (`balance="hide"` leaves it out) and the address as 4 + 6 characters,
 * opening the Account view. With `initial-state` (the ssr cookie's value, as a server
 * writes it), the cookie's address shows from the first paint until the kit's restore
 * settles, as `<PorticoProvider initialState>` does; then the kit's state decides.
 */
export const accountButton: ElementBehaviour<keyof PorticoAccountButtonAttributes> = {
  attributes: ['label', 'balance', 'initial-state'],
  render(kit, button, element) {
    const account = kit.chains.activeAccount()
    const connected = account?.status === 'connected' ? account.address : undefined
    const address = connected ?? initialAccount(kit, element)?.address
    if (address) {
      const showBalance = connected !== undefined && account?.balance !== undefined && element.getAttribute('balance') !== 'hide'
      button.dataset.state = 'connected'
      button.replaceChildren(
        ...(showBalance ? [part('balance', formatBalance(account.balance!, account.balanceSymbol, kit.locale.get().locale), 'ltr')] : []),
        part('address', truncateAddress(address), 'ltr'),
      )
    } else if (account?.status === 'connecting') {
      button.dataset.state = 'connecting'
      button.replaceChildren(part('label', openerText(kit.locale.get().locale, 'opener.connecting')))
    } else {
      button.dataset.state = 'disconnected'
      button.replaceChildren(part('label', element.getAttribute('label') || openerText(kit.locale.get().locale, 'opener.connectWallet')))
    }
  },
  click(kit) {
    kit.open(kit.chains.activeAccount()?.status === 'connected' ? { view: 'Account' } : undefined)
  },
}

/**
 * The `initial-state` attribute's account (else `createPortico({ initialState })`'s) while the kit
 * restores: a forged or malformed value (the cookie's schema decides) or a namespace the kit
 * does not serve is none.
 */
function initialAccount(kit: PorticoKit, element: HTMLElement): PorticoInitialState | undefined {
  const value = element.getAttribute('initial-state')
  if (!restoringOf(kit).get().restoring) return undefined
  const initial = value ? parseStateCookie(value) : kit.config.initialState
  return initial && kit.chains.record(initial.namespace) ? initial : undefined
}
