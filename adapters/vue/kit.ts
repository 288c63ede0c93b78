import { type InjectionKey, type Plugin, inject } from 'vue'
import type { PorticoKit } from '../../kernel/index.ts'

const KIT: InjectionKey<PorticoKit> = Symbol('portico')

/**
 * The Vue plugin that gives the app's components one kit: the composables read it.
 *
 * @example
 * createApp(App).use(porticoVue(kit)).mount('#app')
 */
export function porticoVue(kit: PorticoKit): Plugin {
  return { install: (app) => void app.provide(KIT, kit) }
}

/** The app's kit; `user` names the composable, so a misuse error says which one is outside the plugin. */
export function useKit(user: string): PorticoKit {
  const kit = inject(KIT, null)
  if (!kit) throw new Error(`${user} needs app.use(porticoVue(kit))`)
  return kit
}
