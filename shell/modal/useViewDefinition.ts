import { useCallback, useSyncExternalStore } from 'react'
import type { PorticoKit, ViewDefinition, ViewName } from '../../kernel/index.ts'

/** The registered definition of `view`, re-read when a plugin registers views. */
export function useViewDefinition(kit: PorticoKit, view: ViewName): ViewDefinition | undefined {
  const get = useCallback(() => kit.views.get(view), [kit, view])
  return useSyncExternalStore(kit.views.subscribe, get, get)
}

/** 'ConnectingExternal' → 'Connecting External': a readable name until the view's own title is known. */
export function fallbackTitle(view: ViewName): string {
  return view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
