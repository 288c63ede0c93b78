import { createContext, useContext, useSyncExternalStore } from 'react'
import { type PorticoInitialState, type PorticoKit, type Store, createStore } from '../../kernel/index.ts'

/** The state the server rendered with (`<PorticoProvider initialState>`), if any. */
export const InitialStateContext = /* @__PURE__ */ createContext<PorticoInitialState | undefined>(undefined)

const restorings = new WeakMap<PorticoKit, Store<{ restoring: boolean }>>()

/** Whether the kit is still restoring the last visit's connections, as a store, once per kit. */
function restoringOf(kit: PorticoKit): Store<{ restoring: boolean }> {
  let store = restorings.get(kit)
  if (!store) {
    const created = createStore({ restoring: true })
    const settle = () => created.set({ restoring: false })
    void kit.restored.then(settle, settle)
    restorings.set(kit, created)
    store = created
  }
  return store
}

const restoringOnTheServer = () => true

/**
 * The server's account while it is the best the page knows: in the server render, in
 * hydration (so the browser's first render matches the HTML) and until the kit's restore
 * settles. Then the kit's own state is the truth, whatever the cookie said. An account on a
 * namespace this kit does not serve is never shown.
 */
export function useInitialState(kit: PorticoKit): PorticoInitialState | undefined {
  const initial = useContext(InitialStateContext)
  const store = restoringOf(kit)
  const restoring = useSyncExternalStore(store.subscribe, () => store.get().restoring, restoringOnTheServer)
  return restoring && initial && kit.chains.record(initial.namespace) ? initial : undefined
}
