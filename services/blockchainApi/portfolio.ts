import type { DependencyContainer } from 'tsyringe'
import * as v from 'valibot'
import type { TokenBalance as AccountTokenBalance } from '../../kernel/chains/accountState.ts'
import { isUnsupportedPlaceholder } from '../../kernel/chains/network.ts'
import { CacheLifetimeMs, TOKEN_BALANCE_RETRY_MS } from '../../kernel/constants.ts'
import { type Token, createToken, isRegistered, resolve } from '../../kernel/container/token.ts'
import { IChainStore, IRpcRegistry, ISnackService, IStorage } from '../../kernel/container/tokens.ts'
import { SnackText } from '../../kernel/errors/catalogue.ts'
import { safeParse } from '../../protocol/parse.ts'
import { discoverAssets } from './assetDiscovery.ts'
import { blockchainApi } from './provide.ts'
import { type TokenBalance, TokenBalanceSchema } from '../../protocol/api/schemas.ts'
import { supportsFeature } from './support.ts'

/** One kit's token-balance bookkeeping: when the last attempt failed, and the pending retry. */
interface PortfolioState {
  lastFailure?: number
  retry?: ReturnType<typeof setTimeout>
  /** Which account and network the pending retry is for. */
  retryFor?: string
  /** The request under way, which callers for the same account and network share. */
  inFlight?: { readonly key: string; readonly promise: Promise<readonly AccountTokenBalance[]> }
}

const IPortfolioState: Token<PortfolioState> = createToken<PortfolioState>('IPortfolioState')

function stateOf(container: DependencyContainer): PortfolioState {
  if (!isRegistered(container, IPortfolioState)) container.register(IPortfolioState as symbol, { useValue: {} })
  return resolve(container, IPortfolioState)
}

/** Cached balances are read back from local storage: they pass the schema again. */
const CachedBalances = v.array(TokenBalanceSchema)

/** Tokens with zero decimals are dropped as low quality (§5). */
export const withoutZeroDecimalTokens = (balances: readonly TokenBalance[]) => balances.filter((balance) => balance.quantity.decimals !== '0')

export interface RefreshTokenBalancesOptions {
  /** Skips the 30 s cache and the 30 s wait after a failure (after a send, say). */
  readonly force?: boolean
}

/**
 * Fills `tokenBalance` of the active account with its fungible balances on the active
 * network, and returns them. The wallet's own asset discovery comes first (ERC-7811),
 * then the kit's Blockchain API; tokens with zero decimals are dropped; the answer is
 * cached 30 s per account and network.
 *
 * On failure the 'Token Balance Unavailable' snack shows, the account keeps the list it
 * had, and the kit tries again after 30 s (while the same account and network are
 * active); calls in between answer that list without a request.
 *
 * @example
 * // a plugin body: the Tokens tab, the send form
 * const tokens = await refreshTokenBalances(ctx.container)
 */
export async function refreshTokenBalances(container: DependencyContainer, { force = false }: RefreshTokenBalancesOptions = {}): Promise<readonly AccountTokenBalance[]> {
  const chains = resolve(container, IChainStore)
  const { activeNamespace: namespace, activeCaipNetwork: network } = chains.get()
  const account = chains.record(namespace)?.accountState
  const address = account?.address
  // Balances exist on eip155 and solana only (§6); elsewhere and on an unsupported network there are none.
  if (!account || !address || isUnsupportedPlaceholder(network) || !supportsFeature('balance', namespace)) return []
  const state = stateOf(container)
  const key = `${network.caipNetworkId}:${address}`
  const storage = resolve(container, IStorage)

  const isCurrent = () => {
    const now = chains.get()
    return now.activeCaipNetwork.caipNetworkId === network.caipNetworkId && chains.record(namespace)?.accountState.address === address
  }
  const apply = (balances: readonly AccountTokenBalance[]) => {
    if (isCurrent()) chains.updateAccount(namespace, { tokenBalance: balances })
    return balances
  }

  if (!force) {
    const cached = safeParse(CachedBalances, storage.getCached('portfolioCache', key, CacheLifetimeMs.portfolio))
    if (cached) return apply(cached)
    // Within 30 s of a failure the retry is already planned; do not ask again.
    if (state.lastFailure !== undefined && Date.now() - state.lastFailure < TOKEN_BALANCE_RETRY_MS) return account.tokenBalance
  }

  // The Tokens tab and the plugin's own refresh often ask at once: one request serves both.
  if (!force && state.inFlight?.key === key) return state.inFlight.promise

  const request = async (): Promise<readonly AccountTokenBalance[]> => {
    try {
      const discovered = await discoverAssets(resolve(container, IRpcRegistry), address, network)
      const balances = withoutZeroDecimalTokens(discovered ?? (await blockchainApi(container).balances({ address, chainId: network.caipNetworkId })))
      storage.setCached('portfolioCache', key, balances)
      state.lastFailure = undefined
      if (state.retryFor === key) clearTimeout(state.retry)
      return apply(balances)
    } catch {
      state.lastFailure = Date.now()
      resolve(container, ISnackService).showError(SnackText.TOKEN_BALANCE_UNAVAILABLE)
      clearTimeout(state.retry)
      state.retryFor = key
      state.retry = setTimeout(() => {
        state.retry = undefined
        if (isCurrent()) void refreshTokenBalances(container, { force: true })
      }, TOKEN_BALANCE_RETRY_MS)
      return account.tokenBalance
    }
  }
  const promise = request()
  state.inFlight = { key, promise }
  void promise.finally(() => {
    if (state.inFlight?.promise === promise) state.inFlight = undefined
  })
  return promise
}
