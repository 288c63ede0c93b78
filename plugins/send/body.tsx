import { type ChainState, IChainStore, IConnectionService, IRouter, ISnackService, IStorage, type PluginContext, resolve } from '../../kernel/index.ts'
import { tokenBalances } from '../../services/blockchainApi/tokenBalances.ts'
import { blockchainApi } from '../../services/blockchainApi/provide.ts'
import { receiverOfName } from './receiverName.ts'
import { createSendController } from './controller.ts'
import { type ParsedSendOptions, SEND_PREVIEW_VIEW, SEND_VIEW } from './contract.ts'
import { createSendPreview } from './views/SendPreview.tsx'
import { createSendView } from './views/SendView.tsx'
import { messages } from './locales/index.ts'

/** Who is sending: another namespace or account means another form. */
const sendingAccount = (state: ChainState) => `${state.activeNamespace}:${state.chains[state.activeNamespace]?.accountState.address ?? ''}`

/** The send plugin body: the form and review views over one controller, and when the form resets. */
export function activate({ container, views, rpc, hooks, bus }: PluginContext, options: ParsedSendOptions) {
  const chains = resolve(container, IChainStore)
  const controller = createSendController({
    chains,
    router: resolve(container, IRouter),
    snack: resolve(container, ISnackService),
    bus,
    request: (request) => rpc.request(request),
    connection: resolve(container, IConnectionService),
    storage: resolve(container, IStorage),
    refreshTokens: (force) => tokenBalances(container).refresh({ force }),
    options,
    logger: console,
    previewView: SEND_PREVIEW_VIEW,
    resolveName: (name) => receiverOfName(blockchainApi(container), chains.get(), name),
  })
  // SPEC §4 "Switching network: ... The send form is reset."
  const switched = bus.on('SWITCH_NETWORK').subscribe(() => controller.reset())
  let account = sendingAccount(chains.get())
  const stopWatchingAccount = chains.subscribe((state) => {
    const next = sendingAccount(state)
    if (next === account) return
    account = next
    controller.reset()
  })
  const disposers = [
    views.register(SEND_VIEW, { component: createSendView(controller), title: 'Send', titleMessage: { catalogue: messages, key: 'send.title.send' } }),
    views.register(SEND_PREVIEW_VIEW, { component: createSendPreview(controller), title: 'Review send', titleMessage: { catalogue: messages, key: 'send.title.preview' } }),
    hooks.addDisconnectCleanup(() => controller.reset()),
    () => switched.unsubscribe(),
    stopWatchingAccount,
  ]
  return () => disposers.forEach((dispose) => dispose())
}
