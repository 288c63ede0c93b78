import { createStore, type Store } from '../store/createStore.ts'
import type { RouteEntry, ViewName } from './views.ts'

export interface RouterState {
  /** The view stack; the last entry shows, so the type keeps it non-empty. */
  readonly history: readonly [...RouteEntry[], RouteEntry]
}

export interface Router {
  readonly store: Store<RouterState>
  current(): RouteEntry
  push(view: ViewName, data?: RouteEntry['data']): void
  replace(view: ViewName, data?: RouteEntry['data']): void
  reset(view: ViewName, data?: RouteEntry['data']): void
  /** Pops the stack, or closes the modal when it holds one entry or UnsupportedChain. */
  goBack(): void
}

export interface RouterDeps {
  /** Starts loading the plugin that owns a view, so it is ready by the time it renders. */
  prefetch(view: ViewName): void
  closeModal(): void
  /** Runs after a view is popped (e.g. the ConnectingFarcaster rule). */
  onPopped(entry: RouteEntry): void
}

/** The internal view stack; there are no URL routes. */
export function createRouter(deps: RouterDeps, initial: ViewName = 'Connect'): Router {
  const store = createStore<RouterState>({ history: [{ view: initial }] })
  const entry = (view: ViewName, data?: RouteEntry['data']): RouteEntry => {
    deps.prefetch(view)
    return data ? { view, data } : { view }
  }

  return {
    store,
    current: () => store.get().history.at(-1)!,
    push(view, data) {
      store.set(({ history }) => ({ history: [...history, entry(view, data)] }))
    },
    replace(view, data) {
      store.set(({ history }) => ({ history: [...history.slice(0, -1), entry(view, data)] }))
    },
    reset(view, data) {
      const [only, ...more] = store.get().history
      // Already there (the modal reopening on its default view): no new entry, so a view
      // rendered ahead of the open is not rendered again inside the opening click.
      if (more.length === 0 && only?.view === view && only.data === undefined && data === undefined) return
      store.set({ history: [entry(view, data)] })
    },
    goBack() {
      const { history } = store.get()
      if (history.some(({ view }) => view === 'UnsupportedChain')) return deps.closeModal()
      const below = history.slice(0, -1)
      const top = below.pop()
      // a single entry: back closes the modal
      if (!top) return deps.closeModal()
      store.set({ history: [...below, top] })
      deps.onPopped(history.at(-1)!)
    },
  }
}
