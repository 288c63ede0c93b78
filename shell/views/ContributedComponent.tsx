import type { PorticoKit } from '../../kernel/index.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Text } from '../ui/Text.tsx'
import type { PorticoView } from '../ui/PorticoView.ts'
import { usePluginComponent } from './usePluginComponent.ts'
import { coreMessages } from '../locales/core/index.ts'
import { useMessages } from '../ui/messages.ts'

interface ContributedComponentProps {
  readonly kit: PorticoKit
  /** The name the plugin registered the component under. */
  readonly name: string
  /** What the component is, for the loading and failure texts ("Email login"). */
  readonly label: string
}

/** A plugin's Connect section or Account tab panel, rendered in place once its body has loaded. */
export function ContributedComponent({ kit, name, label }: ContributedComponentProps) {
  const component = usePluginComponent(kit, name)
  const t = useMessages(kit, coreMessages)
  if (component.state === 'ready') {
    const Component = component.definition.component as PorticoView
    return <Component kit={kit} data={undefined} />
  }
  if (component.state === 'failed') {
    return (
      <div className="status" role="alert">
        <Text>{t('modal.partLoadFailed', { part: label })}</Text>
        <Text variant="muted">{component.message}</Text>
        <Button variant="secondary" onClick={component.retry}>
          {t('modal.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className="status" role="status" aria-busy="true" aria-label={t('modal.partLoading', { part: label })}>
      <Spinner />
    </div>
  )
}
