import { useEffect, useState } from 'react'
import type { PorticoKit, RouterState, ViewName } from '../../kernel/index.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Text } from '../ui/Text.tsx'
import type { PorticoView } from '../ui/PorticoView.ts'
import { useViewDefinition } from './useViewDefinition.ts'

const selectRoute = (s: RouterState) => s.history.at(-1)!
const selectDepth = (s: RouterState) => s.history.length

/**
 * Renders the current route's view from the view registry. A view owned by a
 * plugin whose body has not loaded shows a loading state until it registers;
 * a failed load offers Retry.
 */
export function ViewHost({ kit }: { readonly kit: PorticoKit }) {
  const route = useStoreValue(kit.router.store, selectRoute)
  const depth = useStoreValue(kit.router.store, selectDepth)
  const definition = useViewDefinition(kit, route.view)

  if (definition) {
    const View = definition.component as PorticoView
    // Keyed by position and name so each navigation replays the view transition.
    return (
      <div className="view" key={`${depth}:${route.view}`} data-view={route.view}>
        <View kit={kit} data={route.data} />
      </div>
    )
  }
  const owner = kit.plugins.ownerOf('views', route.view)
  if (!owner) {
    return (
      <div className="status" role="alert" data-view={route.view}>
        <Text>This screen is not available.</Text>
      </div>
    )
  }
  return <PluginViewLoader key={route.view} kit={kit} view={route.view} ownerId={owner.id} />
}

interface LoaderProps {
  readonly kit: PorticoKit
  readonly view: ViewName
  readonly ownerId: string
}

/** Waits for a plugin view; the registry notifies ViewHost when it registers, which replaces this. */
function PluginViewLoader({ kit, view, ownerId }: LoaderProps) {
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    const load = attempt === 0 ? kit.views.resolve(view) : kit.plugins.retry(ownerId).then(() => kit.views.resolve(view))
    load.catch((reason: unknown) => {
      if (current) setError(reason instanceof Error ? reason.message : String(reason))
    })
    return () => {
      current = false
    }
  }, [kit, view, ownerId, attempt])

  if (error) {
    return (
      <div className="status" role="alert" data-view={view} data-testid="portico-view-error">
        <Text>This screen could not be loaded.</Text>
        <Text variant="muted">{error}</Text>
        <Button
          onClick={() => {
            setError(undefined)
            setAttempt((n) => n + 1)
          }}
        >
          Retry
        </Button>
      </div>
    )
  }
  return (
    <div className="status" role="status" aria-busy="true" data-view={view} data-testid="portico-view-loading">
      <Spinner />
      <Text>Loading…</Text>
    </div>
  )
}
