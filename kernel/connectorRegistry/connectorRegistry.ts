import { createStore, type Store } from '../store/createStore.ts'
import type { Disposer } from '../disposer.ts'
import type { Connector } from './connector.ts'

export interface ConnectorRegistry {
  readonly store: Store<{ connectors: readonly Connector[] }>
  /** Adds or replaces (same id and chain) a connector. */
  add(connector: Connector): Disposer
  list(): readonly Connector[]
}

export function createConnectorRegistry(): ConnectorRegistry {
  const store = createStore<{ connectors: readonly Connector[] }>({ connectors: [] })
  const same = (a: Connector, b: Connector) => a.id === b.id && a.chain === b.chain

  return {
    store,
    add(connector) {
      store.set(({ connectors }) => ({
        connectors: [...connectors.filter((c) => !same(c, connector)), connector],
      }))
      return () => store.set(({ connectors }) => ({ connectors: connectors.filter((c) => c !== connector) }))
    },
    list: () => store.get().connectors,
  }
}
