import type { DependencyContainer, InjectionToken } from 'tsyringe'
import type { KernelServices } from './services.ts'
import type { Token } from './token.ts'
import * as T from './tokens.ts'

/** Which token names which service; a plugin resolves by token and never sees the services object. */
const REGISTRATIONS: { readonly [K in keyof KernelServices]: Token<KernelServices[K]> } = {
  config: T.IConfig,
  environment: T.IEnvironment,
  bus: T.IEventBus,
  storage: T.IStorage,
  chains: T.IChainStore,
  hooks: T.IKernelHooks,
  theme: T.IThemeStore,
  locale: T.ILocaleStore,
  pending: T.IPendingRequests,
  snack: T.ISnackService,
  alerts: T.IAlertService,
  connectors: T.IConnectorRegistry,
  plugins: T.IPluginHost,
  views: T.IViewRegistry,
  rpc: T.IRpcRegistry,
  router: T.IRouter,
  modal: T.IModalService,
  adapters: T.IAdapterRegistry,
  connectionService: T.IConnectionService,
}

/**
 * One tsyringe child container per kit, so two kits on a page, tests and server
 * rendering never share state. It downloads with the first plugin that needs
 * it: the DI library and its Reflect polyfill are a third of the first screen's
 * budget, and the first screen resolves nothing by token.
 */
export async function createKitContainer(services: KernelServices): Promise<DependencyContainer> {
  const { rootContainer } = await import('./tsyringe.ts')
  const container = rootContainer.createChildContainer()
  for (const [name, token] of Object.entries(REGISTRATIONS)) {
    container.register(token as InjectionToken<unknown>, { useValue: services[name as keyof KernelServices] })
  }
  return container
}
