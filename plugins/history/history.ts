import { EMPTY, Observable, filter, switchMap, timer } from 'rxjs'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import type { Transaction } from '../../protocol/api/schemas.ts'
import { supportsFeature } from '../../services/blockchainApi/support.ts'
import { type ChainStore, type EventBus, type SnackService, SnackText, type Store, createStore } from '../../kernel/index.ts'
import { mergeTransactions, shownTransactions } from './transactions.ts'

export interface HistoryState {
  /**
   * `unsupported`: activity exists on eip155 only (§6); `failed`: 'Failed to fetch
   * transactions', the list set empty.
   */
  readonly status: 'idle' | 'loading' | 'ready' | 'failed' | 'unsupported'
  /** Shown transactions (no spam, connected chain only), newest first. */
  readonly transactions: readonly Transaction[]
  /** The cursor of the next page; null once the last page is in. */
  readonly next: string | null
  /** The empty flag: every page is in and none of it is shown. */
  readonly empty: boolean
  readonly loadingMore: boolean
}

export interface History {
  readonly store: Store<HistoryState>
  /** The Activity panel is on screen: loads the first page (or refreshes it) and keeps it current. */
  show(): () => void
  /** The next page, when there is one and none is loading. */
  loadMore(): Promise<void>
  /** Reads the first page again and merges it in (after a send, while shown). */
  refresh(): Promise<void>
  dispose(): void
}

interface HistoryDeps {
  readonly api: Pick<BlockchainApi, 'transactions'>
  readonly chains: ChainStore
  readonly snack: Pick<SnackService, 'showError'>
  readonly bus: EventBus
  /** How often the list is read again while shown; 5 s. */
  readonly pollMs?: number
}

const INITIAL: HistoryState = { status: 'idle', transactions: [], next: null, empty: false, loadingMore: false }

/** Pages read in a row while they bring nothing to show (all spam, other chains), before waiting for a scroll. */
const MAX_EMPTY_PAGES = 5

/**
 * The Activity list of one kit: the active account's transactions on the connected
 * network, paged with the API's cursor, spam and other chains dropped. It starts over
 * when the account or network changes, reads the first page again when an unsafe
 * request succeeds (a send), and every 5 s while shown so a transfer from elsewhere
 * appears too. A failed read shows 'Failed to fetch transactions' and empties the list.
 */
export function createHistory({ api, chains, snack, bus, pollMs = 5_000 }: HistoryDeps): History {
  const store = createStore<HistoryState>(INITIAL)
  let shown = 0
  let controller = new AbortController()
  let inFlight = false

  const target = () => {
    const { activeNamespace, activeCaipNetwork } = chains.get()
    const address = chains.record(activeNamespace)?.accountState.address
    return { namespace: activeNamespace, chainId: activeCaipNetwork.caipNetworkId, address }
  }
  const keyOf = (t: ReturnType<typeof target>) => `${t.chainId}:${t.address ?? ''}`
  let key = keyOf(target())

  /** Reads pages from `cursor` until one brings something to show (or MAX_EMPTY_PAGES); merges them. */
  const read = async (cursor: string | undefined, signal: AbortSignal) => {
    const { address, chainId } = target()
    if (!address) return
    let next: string | null = cursor ?? null
    let found: Transaction[] = []
    // A refresh reads the first page only: what is older is in the list already.
    const refreshing = cursor === undefined && store.get().status === 'ready'
    for (let pages = 0; pages < (refreshing ? 1 : MAX_EMPTY_PAGES) && found.length === 0; pages++) {
      const page = await api.transactions({ address, chainId, ...(next ? { cursor: next } : {}), signal })
      if (signal.aborted) return
      found = shownTransactions(page.data, chainId)
      next = page.next
      if (!next) break
    }
    const current = store.get()
    const transactions = mergeTransactions(cursor === undefined && current.status !== 'ready' ? [] : current.transactions, found)
    // A refresh of the first page keeps the cursor of the pages already read.
    const nextCursor = cursor === undefined && current.status === 'ready' && current.transactions.length > 0 ? current.next : next
    store.set({ status: 'ready', transactions, next: nextCursor, empty: transactions.length === 0 && nextCursor === null })
  }

  const run = async (cursor: string | undefined) => {
    const signal = controller.signal
    inFlight = true
    try {
      await read(cursor, signal)
    } catch {
      if (signal.aborted) return
      snack.showError(SnackText.FAILED_TO_FETCH_TRANSACTIONS)
      store.set({ status: 'failed', transactions: [], next: null, empty: true })
    } finally {
      // An aborted read belongs to an earlier account or network: the new one's state is not its to touch.
      if (!signal.aborted) {
        store.set({ loadingMore: false })
        inFlight = false
      }
    }
  }

  const start = () => {
    const { namespace, address } = target()
    if (!supportsFeature('activity', namespace)) return store.replace({ ...INITIAL, status: 'unsupported' })
    if (!address) return store.replace(INITIAL)
    store.replace({ ...INITIAL, status: 'loading' })
    void run(undefined)
  }

  const reset = () => {
    controller.abort()
    controller = new AbortController()
    inFlight = false
    store.replace(INITIAL)
    if (shown > 0) start()
  }

  const refresh = async () => {
    const { status } = store.get()
    if (status === 'ready' && !inFlight) await run(undefined)
    else if (status === 'idle' || status === 'failed') start()
  }

  const unsubscribeChains = chains.subscribe(() => {
    const next = keyOf(target())
    if (next !== key) {
      key = next
      reset()
    }
  })
  const sent = bus.on('RPC_REQUEST_SUCCEEDED').subscribe(() => void refresh())

  return {
    store,
    show() {
      shown += 1
      const { status } = store.get()
      if (status === 'idle' || status === 'failed' || status === 'unsupported') start()
      else void refresh()
      // Polls while the list is ready: a failure (Try again restarts it) or a disconnect
      // (the list starts over, empty) stops the timer, and a list ready again starts it anew.
      const ready$ = new Observable<boolean>((subscriber) => store.select((state) => state.status === 'ready').subscribe(subscriber))
      const poll = ready$
        .pipe(
          switchMap((ready) => (ready ? timer(pollMs, pollMs) : EMPTY)),
          filter(() => globalThis.document?.hidden !== true),
        )
        .subscribe(() => void refresh())
      return () => {
        shown -= 1
        poll.unsubscribe()
      }
    },
    async loadMore() {
      const { status, next, loadingMore } = store.get()
      if (status !== 'ready' || !next || loadingMore) return
      store.set({ loadingMore: true })
      await run(next)
    },
    refresh,
    dispose() {
      controller.abort()
      unsubscribeChains()
      sent.unsubscribe()
    },
  }
}
