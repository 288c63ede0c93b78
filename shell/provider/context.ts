import { createContext, useContext } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'

/** The kit of the nearest <PorticoProvider>; the modal host provides it too, so views work without an app provider. */
export const PorticoContext = /* @__PURE__ */ createContext<PorticoKit | null>(null)

/**
 * The kit from context. `user` names the caller so a misuse error says which
 * hook or component is outside <PorticoProvider>.
 */
export function useKit(user: string): PorticoKit {
  const kit = useContext(PorticoContext)
  if (!kit) throw new Error(`${user} must be used inside <PorticoProvider>`)
  return kit
}
