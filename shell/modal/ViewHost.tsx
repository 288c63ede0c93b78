import { useEffect } from 'react'
import type { PorticoKit, RouteEntry, RouterState } from '../../kernel/index.ts'
import { Button } from '../ui/Button.tsx'
import type { PorticoView } from '../ui/PorticoView.ts'
import { Spinner } from '../ui/Spinner.tsx'
import { Text } from '../ui/Text.tsx'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { usePluginComponent } from '../views/usePluginComponent.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'

const selectRoute = (s: RouterState) => s.history.at(-1)!
const selectDepth = (s: RouterState) => s.history.length

/**
 * Renders the current route's view from the view registry. A view owned by a
 * plugin whose body has not loaded shows a loading state until it registers; a
 * failed load offers Retry. A view nobody provides (a typo in `kit.open({ view })`)
 * is logged and the modal goes to its default view instead.
 */
export function ViewHost({ kit }: { readonly kit: PorticoKit }) {
  const route = useStoreValue(kit.router.store, selectRoute)
  const depth = useStoreValue(kit.router.store, selectDepth)
  const unknown = !kit.views.get(route.view) && !kit.plugins.ownerOf('views', route.view)

  useEffect(() => {
    if (!unknown) return
    console.error(`[Portico] no view "${route.view}": neither the shell nor an enabled plugin provides it`)
    kit.router.reset(kit.chains.isConnected() ? 'Account' : 'Connect')
  }, [kit, unknown, route.view])

  if (unknown) return null
  // Keyed by position and name so each navigation replays the view transition.
  return <RouteView key={`${depth}:${route.view}`} kit={kit} route={route} />
}

function RouteView({ kit, route }: { readonly kit: PorticoKit; readonly route: RouteEntry }) {
  const component = usePluginComponent(kit, route.view)
  const t = useMessages(kit, coreMessages)
  if (component.state === 'ready') {
    const View = component.definition.component as PorticoView
    return (
      <div className="view" data-view={route.view}>
        <View kit={kit} data={route.data} />
      </div>
    )
  }
  if (component.state === 'failed') {
    return (
      <div className="status" role="alert" data-view={route.view} data-testid="portico-view-error">
        <Text>{t('modal.screenLoadFailed')}</Text>
        <Text variant="muted">{component.message}</Text>
        <Button onClick={component.retry}>{t('modal.retry')}</Button>
      </div>
    )
  }
  return (
    <div className="status" role="status" aria-busy="true" data-view={route.view} data-testid="portico-view-loading">
      <Spinner />
      <Text>{t('modal.loading')}</Text>
    </div>
  )
}
