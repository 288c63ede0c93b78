import { blockchainApi, addDirectTokens } from '../../services/blockchainApi/provide.ts'
import { refreshTokenBalances } from '../../services/blockchainApi/portfolio.ts'
import { IChainStore, type PluginContext, resolve } from '../../kernel/index.ts'
import { NFTS_PANEL, type ParsedPortfolioOptions, TOKENS_PANEL } from './contract.ts'
import { createNftsPanel } from './views/NftsPanel.tsx'
import { createTokensPanel } from './views/TokensPanel.tsx'
import { messages } from './locales/index.ts'

/**
 * Registers the Tokens and NFTs panels, gives the direct API its token lists, and keeps
 * the active account's token balances current while active: on activation, when the
 * account or network changes, and (past the cache) when an unsafe request succeeds.
 */
export function activate({ container, views, bus }: PluginContext, options: ParsedPortfolioOptions) {
  const removeTokens = addDirectTokens(container, options.tokens)
  const chains = resolve(container, IChainStore)
  const target = () => `${chains.get().activeCaipNetwork.caipNetworkId}:${chains.activeAccount()?.address ?? ''}`
  const refresh = (force: boolean) => {
    // refreshTokenBalances never rejects: a failure is its snack and its retry.
    if (chains.activeAccount()?.address) void refreshTokenBalances(container, { force })
  }
  let current = target()
  const unsubscribe = chains.subscribe(() => {
    const next = target()
    if (next === current) return
    current = next
    refresh(false)
  })
  const sent = bus.on('RPC_REQUEST_SUCCEEDED').subscribe(() => refresh(true))
  refresh(false)

  const disposers = [
    views.register(TOKENS_PANEL, { component: createTokensPanel(container), title: 'Tokens', titleMessage: { catalogue: messages, key: 'portfolio.tab.tokens' } }),
    views.register(NFTS_PANEL, { component: createNftsPanel(blockchainApi(container)), title: 'NFTs', titleMessage: { catalogue: messages, key: 'portfolio.tab.nfts' } }),
  ]
  return () => {
    disposers.forEach((dispose) => dispose())
    unsubscribe()
    sent.unsubscribe()
    removeTokens()
  }
}
