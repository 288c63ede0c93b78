import { formatBalance, truncateAddress } from '../../kernel/index.ts'
import type { PorticoAccountButtonAttributes } from './elementTypes.ts'
import { type ElementBehaviour, part } from './porticoElement.ts'
import { openerText } from '../openerText.ts'

/**
 * `<portico-button>` and `<portico-account-button>`. Disconnected: "Connect
 * Wallet" (or the `label` attribute), opening the modal; "Connecting…" while a
 * wallet connects; connected: the balance cut to 3 decimals with its symbol
 * (`balance="hide"` leaves it out) and the address as 4 + 6 characters,
 * opening the Account view.
 */
export const accountButton: ElementBehaviour<keyof PorticoAccountButtonAttributes> = {
  attributes: ['label', 'balance'],
  render(kit, button, element) {
    const account = kit.chains.activeAccount()
    const address = account?.status === 'connected' ? account.address : undefined
    if (address) {
      const showBalance = account?.balance !== undefined && element.getAttribute('balance') !== 'hide'
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
