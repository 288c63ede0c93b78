import { blockchainApi } from '../../services/blockchainApi/provide.ts'
import { IAdapterRegistry } from '../../kernel/container/tokens.ts'
import { IChainStore, IRouter, type PluginContext, resolve } from '../../kernel/index.ts'
import { createNamesController } from './controller.ts'
import { REGISTER_SUCCESS_VIEW, REGISTER_VIEW } from './contract.ts'
import { watchProfile } from './profile.ts'
import { createRegisterView } from './views/RegisterAccountName.tsx'
import { createRegisterSuccessView } from './views/RegisterAccountNameSuccess.tsx'
import { messages } from './locales/index.ts'

/** The names plugin body: the two views over one controller, and the profile lookup. */
export function activate({ container, views, rpc, hooks }: PluginContext) {
  const chains = resolve(container, IChainStore)
  const api = blockchainApi(container)
  const controller = createNamesController({
    api,
    chains,
    request: (request) => rpc.request(request),
    router: resolve(container, IRouter),
    successView: REGISTER_SUCCESS_VIEW,
    logger: console,
  })
  const disposers = [
    views.register(REGISTER_VIEW, { component: createRegisterView(controller), title: 'Register a name', titleMessage: { catalogue: messages, key: 'names.title.register' } }),
    views.register(REGISTER_SUCCESS_VIEW, {
      component: createRegisterSuccessView(controller),
      title: 'Name registered',
      titleMessage: { catalogue: messages, key: 'names.title.registered' },
    }),
    watchProfile({
      chains,
      api,
      logger: console,
      adapterProfile: async (address, network) => (await resolve(container, IAdapterRegistry).resolve('eip155')).getProfile?.(address, network),
    }),
    hooks.addDisconnectCleanup(() => controller.reset()),
    () => controller.dispose(),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
