import * as v from 'valibot'
import {
  type ChainRecord,
  type ChainStore,
  type EventBus,
  type Router,
  type SnackService,
  type Store,
  SnackText,
  createStore,
  isEvmAddress,
} from '../../kernel/index.ts'
import { transactionRefusal } from '../../kernel/errors/transaction.ts'
import { formatUnits, parsePositiveUnits } from '../../kernel/wallets/index.ts'
import { readToken } from './erc20.ts'
import { kitChainReader, sendTransaction, waitForReceipt } from './kitChain.ts'
import { type SwapProvider, type SwapQuote, freshQuote } from './provider.ts'
import { type SwapOption, swapOptions, tokenKey } from './tokens.ts'

/** What the form says when it offers no swap. */
export const SwapsText = {
  INVALID_ARGUMENTS: 'Invalid swap arguments',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  QUOTE_FAILED: 'The quote could not be read',
} as const

/** Twenty minutes past the latest block: the router refuses the swap after that. */
const DEADLINE_SECONDS = 20n * 60n

export interface SwapState {
  readonly fromKey?: string
  readonly toKey?: string
  readonly amount: string
  /** Tokens read on chain because the swap arguments named them and the portfolio did not. */
  readonly extra: readonly SwapOption[]
  readonly quote?: SwapQuote
  /** The router must be approved for the from-token before this quote can be swapped. */
  readonly needsApproval: boolean
  readonly quoting: boolean
  readonly noPool: boolean
  readonly error?: string
  /** The step the wallet is asked for. */
  readonly step?: 'approve' | 'swap'
}

const INITIAL: SwapState = { amount: '', extra: [], needsApproval: false, quoting: false, noPool: false }

/** `kit.open({ view: 'Swap', data })`: tokens by contract address or "native", an amount in whole units. */
const Token = v.union([v.literal('native'), v.pipe(v.string(), v.check((text: string) => isEvmAddress(text)))])
const SwapArguments = v.object({
  from: v.optional(Token),
  to: v.optional(Token),
  amount: v.optional(v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))])),
})

export interface SwapControllerDeps {
  readonly chains: ChainStore
  readonly router: Pick<Router, 'reset'>
  readonly snack: Pick<SnackService, 'showSuccess' | 'showError'>
  readonly bus: Pick<EventBus, 'emit'>
  /** `kit.request`. */
  readonly request: (request: { method: string; params?: unknown }) => Promise<unknown>
  readonly provider: SwapProvider
  /** Reads the account's balances again after a swap (`force` skips the portfolio's cache). */
  readonly refreshBalances: (force: boolean) => Promise<unknown>
  readonly logger: Pick<Console, 'warn'>
}

export interface SwapController {
  readonly store: Store<SwapState>
  /** The tokens of the form: the account's, then those the arguments added. */
  options(): readonly SwapOption[]
  /** The view opens: balances are read, and the swap arguments (if any) fill the form. */
  open(data: unknown): Promise<void>
  setFrom(key: string): void
  setTo(key: string): void
  setAmount(text: string): void
  /** Approves when needed, refreshes a quote older than the latest block, and sends the swap. */
  swap(): Promise<void>
  reset(): void
}

const key = (address: string | undefined) => (address === undefined || address === 'native' ? 'native' : address.toLowerCase())

/** The swap flow of one kit: the form's state and every step, without any view. */
export function createSwapController(deps: SwapControllerDeps): SwapController {
  const store = createStore<SwapState>(INITIAL)
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

  const reset = () => {
    generation += 1
    store.replace(INITIAL)
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
    store,
    options,

    async open(data) {
      const owner = active()?.accountState.address as `0x${string}` | undefined
      if (!owner) return
      await deps.refreshBalances(false).catch((error: unknown) => deps.logger.warn('[Portico] swaps: token balances failed', error))
      const fallback = () => {
        const list = options()
        return { fromKey: store.get().fromKey ?? (list[0] && tokenKey(list[0])), toKey: store.get().toKey ?? (list[1] && tokenKey(list[1])) }
      }
      if (data === undefined || (typeof data === 'object' && data !== null && Object.keys(data).length === 0)) {
        store.set(fallback())
        return requote()
      }
      const parsed = v.safeParse(SwapArguments, data)
      if (!parsed.success) {
        store.set({ ...fallback(), error: SwapsText.INVALID_ARGUMENTS })
        return
      }
      try {
        const [fromKey, toKey] = await Promise.all([resolveToken(parsed.output.from, owner), resolveToken(parsed.output.to, owner)])
        store.set({ ...fallback(), ...(fromKey ? { fromKey } : {}), ...(toKey ? { toKey } : {}), amount: parsed.output.amount ?? '' })
      } catch (error) {
        deps.logger.warn('[Portico] swaps: a token of the swap arguments could not be read', error)
        store.set({ ...fallback(), error: SwapsText.INVALID_ARGUMENTS })
        return
      }
      await requote()
    },

    setFrom(k) {
      const { toKey, fromKey } = store.get()
      // Picking the to-token as from-token swaps the two.
      store.set({ fromKey: k, ...(k === toKey ? { toKey: fromKey } : {}) })
      void requote()
    },

    setTo(k) {
      const { toKey, fromKey } = store.get()
      store.set({ toKey: k, ...(k === fromKey ? { fromKey: toKey } : {}) })
      void requote()
    },

    setAmount(text) {
      store.set({ amount: text })
      void requote()
    },

    async swap() {
      const { quote, step, error } = store.get()
      const record = active()
      const owner = record?.accountState.address as `0x${string}` | undefined
      if (!quote || step || error || !owner || !record) return
      const mine = ++generation
      try {
        store.set({ step: 'approve' })
        for (const approval of await deps.provider.approvals(quote, owner, chain)) {
          await waitForReceipt(deps.request, await sendTransaction(deps.request, approval, quote.network))
        }
        store.set({ step: 'swap', needsApproval: false })
        // The approval (or anyone's trade) mined a block since the quote: the swap goes out at the latest price.
        const fresh = await freshQuote(deps.provider, quote, chain)
        if (!fresh.quote) {
          store.set({ step: undefined, quote: undefined, noPool: true })
          return
        }
        store.set({ quote: fresh.quote })
        const hash = await sendTransaction(deps.request, deps.provider.swap(fresh.quote, owner, fresh.block.timestamp + DEADLINE_SECONDS), fresh.quote.network)
        deps.snack.showSuccess(SnackText.TRANSACTION_STARTED)
        deps.bus.emit({
          type: 'PLUGIN_EVENT',
          plugin: 'swaps',
          name: 'SWAP_SUCCESS',
          properties: {
            caipNetworkId: fresh.quote.network,
            hash,
            from: fresh.quote.from.address ?? 'native',
            to: fresh.quote.to.address ?? 'native',
            amountIn: formatUnits(fresh.quote.amountIn, fresh.quote.from.decimals),
            amountOut: formatUnits(fresh.quote.amountOut, fresh.quote.to.decimals),
          },
        })
        deps.router.reset('Account')
        reset()
        deps.refreshBalances(true).catch((failure: unknown) => deps.logger.warn('[Portico] swaps: balance refresh failed', failure))
      } catch (failure) {
        deps.logger.warn('[Portico] swap failed', failure)
        if (mine === generation) store.set({ step: undefined })
        // A transaction the checks refused says why (SPEC §5); any other failure stays generic.
        deps.snack.showError(transactionRefusal(failure)?.shortMessage ?? SnackText.SOMETHING_WENT_WRONG)
        deps.bus.emit({ type: 'PLUGIN_EVENT', plugin: 'swaps', name: 'SWAP_ERROR', properties: { caipNetworkId: quote.network } })
        void requote()
      }
    },

    reset,
  }
}
