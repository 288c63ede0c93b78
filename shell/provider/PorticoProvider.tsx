import { type ReactNode, useEffect } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'
import { latestEvent } from '../hooks/latestEvent.ts'
import { ModalHost } from '../modal/ModalHost.tsx'
import { registerCoreViews } from '../views/registerCoreViews.ts'
import { PorticoContext } from './context.ts'

export interface PorticoProviderProps {
  /** A kit from `createPortico()`, created once outside render. */
  readonly kit: PorticoKit
  readonly children?: ReactNode
}

/**
 * Provides the kit to the hooks and renders the modal. While mounted it holds
 * the kit's renderer claim, so the vanilla entry does not mount a second modal.
 *
 * @example
 * const kit = createPortico({ projectId, networks: [mainnet] })
 * createRoot(el).render(<PorticoProvider kit={kit}><App /></PorticoProvider>)
 */
export function PorticoProvider({ kit, children }: PorticoProviderProps) {
  // Idempotent per kit; here rather than in an effect so the first open already finds the views.
  registerCoreViews(kit)
  latestEvent(kit)
  useEffect(() => kit.claimRenderer(), [kit])
  return (
    <PorticoContext value={kit}>
      {children}
      <ModalHost kit={kit} />
    </PorticoContext>
  )
}
