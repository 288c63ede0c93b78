import type { PluginContext } from '../../kernel/index.ts'
import { ReceiveView } from './views/ReceiveView.tsx'

/** Registers the Receive view; the kit disposes it with the plugin. */
export function activate({ views }: PluginContext) {
  return views.register('Receive', { component: ReceiveView, title: 'Receive' })
}
