import type { PorticoKit } from '../../kernel/index.ts'
import { AccountView } from './Account.tsx'
import { ConnectView } from './Connect.tsx'
import { ConnectingExternalView } from './ConnectingExternal.tsx'
import { NetworksView } from './Networks.tsx'
import { UnsupportedChainView } from './UnsupportedChain.tsx'
import { GetWalletView } from './getWallet/GetWallet.tsx'
import { coreMessages } from '../locales/core/index.ts'
import { englishText } from '../ui/messages.ts'

const CORE_VIEWS = [
  ['Connect', ConnectView, 'title.connect'],
  ['ConnectingExternal', ConnectingExternalView, 'title.connecting'],
  ['Account', AccountView, 'title.account'],
  ['UnsupportedChain', UnsupportedChainView, 'title.unsupportedChain'],
  ['Networks', NetworksView, 'title.networks'],
  ['GetWallet', GetWalletView, 'title.getWallet'],
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
  for (const [name, component, key] of CORE_VIEWS) {
    if (!kit.views.get(name)) kit.views.register(name, { component, title: englishText(coreMessages, key), titleMessage: { catalogue: coreMessages, key } })
  }
}
