import { useEffect, useState } from 'react'
import type { PorticoKit, ViewDefinition } from '../../kernel/index.ts'
import { useViewDefinition } from '../modal/useViewDefinition.ts'

export type PluginComponentState =
  | { readonly state: 'ready'; readonly definition: ViewDefinition }
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string; retry(): void }

/**
 * A component a plugin registers by name (a view, a Connect section, a tab panel),
 * loading the plugin's body on first use; a failed load can be retried.
 */
export function usePluginComponent(kit: PorticoKit, name: string): PluginComponentState {
  const definition = useViewDefinition(kit, name)
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (definition) return
    let current = true
    const owner = kit.plugins.ownerOf('views', name)
    const load = attempt > 0 && owner ? kit.plugins.retry(owner.id).then(() => kit.views.resolve(name)) : kit.views.resolve(name)
    load.catch((reason: unknown) => {
      if (current) setError(reason instanceof Error ? reason.message : String(reason))
    })
    return () => {
      current = false
    }
  }, [kit, name, attempt, definition])

  if (definition) return { state: 'ready', definition }
  if (error !== undefined) {
    return {
      state: 'failed',
      message: error,
      retry: () => {
        setError(undefined)
        setAttempt((n) => n + 1)
      },
    }
  }
  return { state: 'loading' }
}
