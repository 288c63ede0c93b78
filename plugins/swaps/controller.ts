import type { ChainStore, EventBus, Router, SnackService, Store } from '../../kernel/index.ts'
import { open } from './actions/open.ts'
import { setAmount } from './actions/setAmount.ts'
import { setFrom } from './actions/setFrom.ts'
import { setTo } from './actions/setTo.ts'
import { swap } from './actions/swap.ts'
import { createSwapFlow } from './flow.ts'
import type { SwapProvider } from './provider.ts'
import type { SwapState } from './state.ts'
import type { SwapOption } from './tokens.ts'

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

/** The swap flow of one kit: one store, and each step an action of its own (`actions/`), without any view. */
export function createSwapController(deps: SwapControllerDeps): SwapController {
  const flow = createSwapFlow(deps)
  return {
    store: flow.store,
    options: flow.options,
    open: (data) => open(flow, data),
    setFrom: (k) => setFrom(flow, k),
    setTo: (k) => setTo(flow, k),
    setAmount: (text) => setAmount(flow, text),
    swap: () => swap(flow),
    reset: () => flow.reset(),
  }
}
