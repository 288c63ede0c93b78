import { IChainStore, IConnectionService, IModalService, IRouter, ISnackService, type PluginContext, resolve } from '../../kernel/index.ts'
import { SIGN_VIEW, createSiwxController } from './controller.ts'
import { ISiwxService } from './contract.ts'
import { signInSource } from './source.ts'
import { createSiwxSignMessageView } from './views/SIWXSignMessage.tsx'
import { messages } from './locales/index.ts'

/** The siwx plugin body: the after-connect step, the close guard, the view and the service `portico/siwx` calls. */
export function activate({ container, views, rpc, hooks, config }: PluginContext) {
  // The manifest loads this body only when one of the two is set.
  const source = signInSource(config)!
  const controller = createSiwxController({
    source,
    chains: resolve(container, IChainStore),
    router: resolve(container, IRouter),
    modal: resolve(container, IModalService),
    snack: resolve(container, ISnackService),
    rpc,
    connection: async () => resolve(container, IConnectionService),
    logger: console,
  })
  container.register(ISiwxService, {
    useValue: {
      requestSignIn: async () => controller.start(controller.activeAccount()),
      signOut: () => source.revoke(controller.activeAccount()),
    },
  })
  const disposers = [
    views.register(SIGN_VIEW, { component: createSiwxSignMessageView(controller), title: 'Sign In', titleMessage: { catalogue: messages, key: 'siwx.title.signIn' } }),
    hooks.addAfterConnect((connection) => controller.afterConnect(connection)),
    hooks.addCloseGuard(() => controller.closeGuarded()),
    hooks.addCloseCleanup(() => controller.drop()),
    hooks.addDisconnectCleanup((namespaces) => controller.drop(namespaces)),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
