import { type ChainState, IChainStore, IConnectionService, IRouter, ISnackService, IStorage, type PluginContext, resolve } from '../../kernel/index.ts'
import { refreshTokenBalances } from '../../services/blockchainApi/portfolio.ts'
import { createSwapController } from './controller.ts'
import { SWAP_VIEW, type ParsedSwapsOptions } from './contract.ts'
import { createUniswapV2Provider } from './uniswapV2.ts'
import { createSwapView } from './views/SwapView.tsx'
import { messages } from './locales/index.ts'

/** Who is swapping on which network: another one means another form. */
const swappingAccount = (state: ChainState) => state.chains[state.activeNamespace]?.accountState.caipAddress ?? ''

/** The swaps plugin body: the Swap view over one controller, and when the form resets. */
export function activate({ container, views, rpc, hooks, bus }: PluginContext, options: ParsedSwapsOptions) {
  const chains = resolve(container, IChainStore)
  const connection = resolve(container, IConnectionService)
  const storage = resolve(container, IStorage)
  const controller = createSwapController({
    chains,
    router: resolve(container, IRouter),
    snack: resolve(container, ISnackService),
    bus,
    request: (request) => rpc.request(request),
    provider: options.provider ?? createUniswapV2Provider(options.routers),
    refreshBalances: async (force) => {
      if (force) {
        // After a swap the native balance changed too (gas, or ETH in or out): past its 30 s cache.
        storage.remove('nativeBalanceCache')
        await connection.syncBalance(chains.get().activeNamespace)
      }
      return refreshTokenBalances(container, { force })
    },
    logger: console,
  })
  const switched = bus.on('SWITCH_NETWORK').subscribe(() => controller.reset())
  let account = swappingAccount(chains.get())
  const stopWatchingAccount = chains.subscribe((state) => {
    const next = swappingAccount(state)
    if (next === account) return
    account = next
    controller.reset()
  })
  const disposers = [
    views.register(SWAP_VIEW, { component: createSwapView(controller), title: 'Swap', titleMessage: { catalogue: messages, key: 'swaps.title' } }),
    hooks.addDisconnectCleanup(() => controller.reset()),
    () => switched.unsubscribe(),
    stopWatchingAccount,
  ]
  return () => disposers.forEach((dispose) => dispose())
}
