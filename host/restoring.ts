import { type PorticoKit, type Store, createStore } from '../kernel/index.ts'

const restorings = new WeakMap<PorticoKit, Store<{ restoring: boolean }>>()

/**
 * Whether the kit is still restoring the last visit's connections, as a store, once per kit.
 * While it is, the server's initial state (the ssr cookie's account) is the best the page
 * knows; once it settles, the kit's own state is the truth. `<PorticoProvider initialState>`
 * and the elements' `initial-state` attribute both go by it.
 */
export function restoringOf(kit: PorticoKit): Store<{ restoring: boolean }> {
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
