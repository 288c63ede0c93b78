import {
  IAlertService,
  IChainStore,
  IPendingRequests,
  ISnackService,
  IStorage,
  type PluginContext,
  type Token,
  resolve,
} from '../../kernel/index.ts'
import type { SocialAuth, SocialLoginProvider } from './authPort.ts'
import { createSocialController } from './controller.ts'
import { isSocialRedirectReturn } from './index.ts'
import { createSocialLoginSection } from './views/SocialLoginSection.tsx'

/** The socials plugin body: the section over the embedded wallet's service; a redirect return is finished at once. */
export function activate(context: PluginContext, authToken: Token<SocialAuth>, flow: 'popup' | 'redirect') {
  const { container, views, config } = context
  const controller = createSocialController({
    auth: resolve(container, authToken),
    storage: resolve(container, IStorage),
    chains: resolve(container, IChainStore),
    alerts: resolve(container, IAlertService),
    snack: resolve(container, ISnackService),
    pending: resolve(container, IPendingRequests),
    win: window,
    flow,
  })
  const providers = () => (Array.isArray(config.features.socials) ? (config.features.socials as SocialLoginProvider[]) : [])
  if (isSocialRedirectReturn(window)) {
    controller.resumeRedirect().catch((error: Error) => console.error('Portico: social login failed:', error.message))
  }
  const dispose = views.register('SocialLoginSection', { component: createSocialLoginSection(controller, providers), title: 'Social login' })
  return () => dispose()
}
