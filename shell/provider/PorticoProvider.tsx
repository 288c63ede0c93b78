import { type ReactNode, useEffect } from 'react'
import type { PorticoInitialState, PorticoKit } from '../../kernel/index.ts'
import { latestEvent } from '../hooks/latestEvent.ts'
import { PorticoContext } from './context.ts'
import { InitialStateContext } from './initialState.ts'
import { LazyModalHost } from './LazyModalHost.tsx'

export interface PorticoProviderProps {
  /** A kit from `createPortico()`, created once outside render. */
  readonly kit: PorticoKit
  /**
   * What the server rendered with: `porticoCookieToInitialState(cookieHeader)` on a kit
   * created with `ssr: true`. The account shows from the first render until the kit's
   * restore settles; from then on the kit's state.
   */
  readonly initialState?: PorticoInitialState | undefined
  readonly children?: ReactNode
}

/**
 * Provides the kit to the hooks and renders the modal: the dialog shows on the
 * click that opens it, its view as soon as its code is there (fetched when the
 * page is idle after load, or on first open). While mounted it holds
 * the kit's renderer claim, so the vanilla entry does not mount a second modal.
 *
 * @example
 * const kit = createPortico({ projectId, networks: [mainnet] })
 * createRoot(el).render(<PorticoProvider kit={kit}><App /></PorticoProvider>)
 */
export function PorticoProvider({ kit, initialState, children }: PorticoProviderProps) {
  latestEvent(kit)
  useEffect(() => kit.claimRenderer(), [kit])
  return (
    <PorticoContext.Provider value={kit}>
      <InitialStateContext.Provider value={initialState}>
        {children}
        <LazyModalHost kit={kit} />
      </InitialStateContext.Provider>
    </PorticoContext.Provider>
  )
}
