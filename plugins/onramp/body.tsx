import type { PluginContext } from '../../kernel/index.ts'
import { ONRAMP_PROVIDERS_VIEW, type ParsedOnRampOptions } from './contract.ts'
import { createOnRampProvidersView } from './views/OnRampProvidersView.tsx'
import { messages } from './locales/index.ts'

/** The on-ramp body: the providers view; the kit disposes it with the plugin. */
export function activate({ views }: PluginContext, options: ParsedOnRampOptions) {
  return views.register(ONRAMP_PROVIDERS_VIEW, { component: createOnRampProvidersView(options), title: 'Buy crypto', titleMessage: { catalogue: messages, key: 'onramp.title' } })
}
