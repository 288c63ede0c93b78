import type { PorticoKit } from '../../kernel/index.ts'
import { AccountView } from './Account.tsx'
import { ConnectView } from './Connect.tsx'
import { ConnectingExternalView } from './ConnectingExternal.tsx'
import { NetworksView } from './Networks.tsx'
import { UnsupportedChainView } from './UnsupportedChain.tsx'
import { GetWalletView } from './getWallet/GetWallet.tsx'
import { GetWalletText } from './getWallet/getWalletText.ts'

const CORE_VIEWS = [
  ['Connect', { component: ConnectView, title: 'Connect Wallet' }],
  ['ConnectingExternal', { component: ConnectingExternalView, title: 'Connecting' }],
  ['Account', { component: AccountView, title: 'Account' }],
  ['UnsupportedChain', { component: UnsupportedChainView, title: 'Unsupported network' }],
  ['Networks', { component: NetworksView, title: 'Networks' }],
  ['GetWallet', { component: GetWalletView, title: GetWalletText.GET_A_WALLET }],
] as const

const registered = new WeakSet<PorticoKit>()

/**
 * Puts the shell's core views into the kit's view registry, once per kit
 * (the provider and the vanilla mount both call it). A name something else
 * registered first is left alone, so an integrator can replace a core view.
 */
export function registerCoreViews(kit: PorticoKit): void {
  if (registered.has(kit)) return
  registered.add(kit)
  for (const [name, definition] of CORE_VIEWS) {
    if (!kit.views.get(name)) kit.views.register(name, definition)
  }
}
