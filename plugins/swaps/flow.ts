import { type ChainRecord, type Store, createStore } from '../../kernel/index.ts'
import { parsePositiveUnits } from '../../kernel/wallets/index.ts'
import type { SwapControllerDeps } from './controller.ts'
import { readToken } from './erc20.ts'
import { kitChainReader } from './kitChain.ts'
import type { ChainReader } from './provider.ts'
import { INITIAL_SWAP_STATE, type SwapState, SwapsText } from './state.ts'
import { type SwapOption, swapOptions, tokenKey } from './tokens.ts'

/** The one store of the swap form and what every action reads of the kit through it. */
export interface SwapFlow {
  readonly deps: SwapControllerDeps
  readonly store: Store<SwapState>
  /** The provider's reads through `kit.request`. */
  readonly chain: ChainReader
  active(): ChainRecord | undefined
  /** The tokens of the form: the account's, then those the arguments added. */
  options(): readonly SwapOption[]
  /** Reads a quote for the form as it is; outdates the quote in flight. */
  requote(): Promise<void>
  /** A token the arguments name, by its form key: the account's, or read on chain. */
  resolveToken(address: string | undefined, owner: `0x${string}`): Promise<string | undefined>
  /** Outdates the quote in flight; returns the generation a step can check it still owns. */
  outdate(): number
  /** Whether nothing outdated `generation` since. */
  owns(generation: number): boolean
  reset(): void
}

const key = (address: string | undefined) => (address === undefined || address === 'native' ? 'native' : address.toLowerCase())

export function createSwapFlow(deps: SwapControllerDeps): SwapFlow {
  const store = createStore<SwapState>(INITIAL_SWAP_STATE)
  const chain = kitChainReader(deps.request)
  // Each change outdates the quotes still in flight.
  let generation = 0

  const active = (): ChainRecord | undefined => {
    const state = deps.chains.get()
    return state.chains[state.activeNamespace]
  }
  const options = () => {
    const own = swapOptions(active())
    return [...own, ...store.get().extra.filter((token) => !own.some((t) => tokenKey(t) === tokenKey(token)))]
  }
  const find = (k: string | undefined) => options().find((token) => tokenKey(token) === k)

  const requote = async () => {
    const mine = ++generation
    const { fromKey, toKey, amount } = store.get()
    const from = find(fromKey)
    const to = find(toKey)
    const network = active()?.networkState.caipNetwork?.caipNetworkId
    const owner = active()?.accountState.address as `0x${string}` | undefined
    const amountIn = from ? parsePositiveUnits(amount, from.decimals) : undefined
    store.set({ quote: undefined, noPool: false, needsApproval: false, error: undefined })
    if (!from || !to || !network || !owner || amountIn === undefined || tokenKey(from) === tokenKey(to)) {
      store.set({ quoting: false })
      return
    }
    store.set({ quoting: true })
    try {
      const quote = await deps.provider.quote({ network, from, to, amountIn }, chain)
      if (mine !== generation) return
      if (!quote) {
        store.set({ quoting: false, noPool: true })
        return
      }
      const approvals = await deps.provider.approvals(quote, owner, chain)
      if (mine !== generation) return
      store.set({
        quoting: false,
        quote,
        needsApproval: approvals.length > 0,
        error: amountIn > from.balance ? SwapsText.INSUFFICIENT_FUNDS : undefined,
      })
    } catch (error) {
      if (mine !== generation) return
      deps.logger.warn('[Portico] swaps: the quote failed', error)
      store.set({ quoting: false, error: SwapsText.QUOTE_FAILED })
    }
  }

  /** A token the arguments name: the account's, or read on chain. */
  const resolveToken = async (address: string | undefined, owner: `0x${string}`) => {
    if (address === undefined) return undefined
    const known = find(key(address))
    if (known) return tokenKey(known)
    const read = await readToken(chain, address as `0x${string}`, owner)
    store.set(({ extra }) => ({ extra: [...extra, read] }))
    return tokenKey(read)
  }

  return {
    deps,
    store,
    chain,
    active,
    options,
    requote,
    resolveToken,
    outdate: () => ++generation,
    owns: (mine) => mine === generation,
    reset() {
      generation += 1
      store.replace(INITIAL_SWAP_STATE)
    },
  }
}
