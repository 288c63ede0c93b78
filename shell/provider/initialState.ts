import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PorticoInitialState, PorticoKit } from '../../kernel/index.ts'
import { restoringOf } from '../../host/restoring.ts'

/** The state the server rendered with (`<PorticoProvider initialState>`, else `createPortico({ initialState })`), if any. */
export const InitialStateContext = /* @__PURE__ */ createContext<PorticoInitialState | undefined>(undefined)

const restoringOnTheServer = () => true

/**
 * The server's account while it is the best the page knows: in the server render, in
 * hydration (so the browser's first render matches the HTML) and until the kit's restore
 * settles. Then the kit's own state is the truth, whatever the cookie said. An account on a
 * namespace this kit does not serve is never shown.
 */
export function useInitialState(kit: PorticoKit): PorticoInitialState | undefined {
  const initial = useContext(InitialStateContext) ?? kit.config.initialState
  const store = restoringOf(kit)
  const restoring = useSyncExternalStore(store.subscribe, () => store.get().restoring, restoringOnTheServer)
  return restoring && initial && kit.chains.record(initial.namespace) ? initial : undefined
}
