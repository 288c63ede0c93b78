import {
  IAlertService,
  IChainStore,
  IEnvironment,
  IModalService,
  IPendingRequests,
  IRouter,
  ISnackService,
  IStorage,
  type PluginContext,
  type SocialOption,
  type Token,
  resolve,
} from '../../kernel/index.ts'
import type { SocialAuth } from './authPort.ts'
import { createSocialController } from './controller.ts'
import { FARCASTER_VIEW, createFarcasterController } from './farcaster.ts'
import { isSocialRedirectReturn, isTelegramReturn } from './contract.ts'
import { visibleSocials } from './telegram.ts'
import { createSocialsStore } from './state.ts'
import { createConnectingFarcaster } from './views/ConnectingFarcaster.tsx'
import { createSocialLoginSection } from './views/SocialLoginSection.tsx'
import { messages } from './locales/index.ts'

/**
 * The socials plugin body: the section over the embedded wallet's service, the Farcaster view
 * and its back rule; a redirect or Telegram return is finished at once.
 */
export function activate(context: PluginContext, authToken: Token<SocialAuth>, flow: 'popup' | 'redirect') {
  const { container, views, config, hooks } = context
  const auth = resolve(container, authToken)
  const environment = resolve(container, IEnvironment)
  const router = resolve(container, IRouter)
  const deps = {
    auth,
    storage: resolve(container, IStorage),
    chains: resolve(container, IChainStore),
    snack: resolve(container, ISnackService),
    state: createSocialsStore(),
  }
  const controller = createSocialController({
    ...deps,
    alerts: resolve(container, IAlertService),
    pending: resolve(container, IPendingRequests),
    modal: resolve(container, IModalService),
    win: window,
    // A Telegram mini app's web view opens no popups: the page goes to the provider and back.
    flow: environment.isTelegram() ? 'redirect' : flow,
  })
  const farcaster = createFarcasterController(deps)
  const providers = (): SocialOption[] =>
    Array.isArray(config.features.socials) ? visibleSocials(config.features.socials as SocialOption[], environment, navigator.userAgent) : []
  if (isTelegramReturn(window)) void controller.resumeTelegram()
  else if (isSocialRedirectReturn(window)) {
    controller.resumeRedirect().catch((error: Error) => console.error('Portico: social login failed:', error.message))
  }
  const section = createSocialLoginSection(controller, providers, () => router.push(FARCASTER_VIEW))
  const disposers = [
    views.register('SocialLoginSection', { component: section, title: 'Social login', titleMessage: { catalogue: messages, key: 'socials.title.section' } }),
    views.register(FARCASTER_VIEW, {
      component: createConnectingFarcaster(farcaster, deps.state),
      title: 'Farcaster',
      titleMessage: { catalogue: messages, key: 'socials.title.farcaster' },
    }),
    hooks.addBackRule((popped) => farcaster.popped(popped)),
    // A disconnect forgets a kept Farcaster url and the popup, as it forgets the account.
    hooks.addDisconnectCleanup(() => deps.state.replace({})),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
