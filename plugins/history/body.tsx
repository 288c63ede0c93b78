import { blockchainApi } from '../../services/blockchainApi/provide.ts'
import { IChainStore, ISnackService, type PluginContext, resolve } from '../../kernel/index.ts'
import { createHistory } from './history.ts'
import { ACTIVITY_PANEL } from './contract.ts'
import { createActivityPanel } from './views/ActivityPanel.tsx'
import { messages } from './locales/index.ts'

/** Registers the Activity panel over the kit's Blockchain API; the kit disposes both with the plugin. */
export function activate({ container, views, bus }: PluginContext) {
  const history = createHistory({
    api: blockchainApi(container),
    chains: resolve(container, IChainStore),
    snack: resolve(container, ISnackService),
    bus,
  })
  const unregister = views.register(ACTIVITY_PANEL, { component: createActivityPanel(history), title: 'Activity', titleMessage: { catalogue: messages, key: 'history.title' } })
  return () => {
    unregister()
    history.dispose()
  }
}
