import type { PluginContext } from '../../kernel/index.ts'
import { ReceiveView } from './views/ReceiveView.tsx'
import { messages } from './locales/index.ts'
import { RECEIVE_VIEW } from './contract.ts'

/** Registers the Receive view; the kit disposes it with the plugin. */
export function activate({ views }: PluginContext) {
  return views.register(RECEIVE_VIEW, { component: ReceiveView, title: 'Receive', titleMessage: { catalogue: messages, key: 'receive.title' } })
}
