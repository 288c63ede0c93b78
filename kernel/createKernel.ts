import type { DependencyContainer } from 'tsyringe'
import * as v from 'valibot'
import { startAnalytics } from './analytics/startAnalytics.ts'
import type { ChainNamespace } from './chains/namespaces.ts'
import type { CaipNetwork } from './chains/network.ts'
import { addNetwork, removeNetwork } from './chains/networkList.ts'
import { parseConfig } from './config/parseConfig.ts'
import type { PluginFlagOwners } from './config/pluginFlags.ts'
import type { PluginKeyOwners } from './config/pluginKeys.ts'
import { type PorticoOptions, ThemeVariablesSchema } from './config/schema.ts'
import { LOCALES } from './i18n/locales.ts'
import { assertKnownConnectMethods, connectMethodOrder } from './connectOrder/connectMethodOrder.ts'
import { LIBRARY_VERSION, SDK_TYPE } from './constants.ts'
import { createKitContainer } from './container/container.ts'
import { type KernelRuntime, createServices } from './container/services.ts'
import type { PorticoKit } from './porticoKit.ts'
import { browserEnvironment } from './env/environment.ts'
import { ConfigError } from './errors/base.ts'
import { PROJECT_ID_NOT_CONFIGURED } from './errors/firstScreenTexts.ts'
import { watchOtherTabs } from './storage/otherTabs.ts'
import { defaultBackend } from './storage/storage.ts'

export type KernelOptions = Partial<KernelRuntime> & {
  /** How to get the plugin behind each well-known flag, for the error when it is missing. */
  readonly flagOwners?: PluginFlagOwners
  /** How to get the plugin behind each well-known top-level option (`siwx`), for the same error. */
  readonly configOwners?: PluginKeyOwners
  /** Reported in analytics as `sv`. */
  readonly flavour?: 'html' | 'react'
}

/**
 * Builds a kit from the integrator's options. Throws a ConfigError naming the
 * bad field; a missing project id raises the PROJECT_ID_NOT_CONFIGURED alert.
 */
export function createKernel(options: PorticoOptions, kernelOptions: KernelOptions = {}): PorticoKit {
  const config = parseConfig(options, { flagOwners: kernelOptions.flagOwners ?? {}, configOwners: kernelOptions.configOwners ?? {} })
  const runtime: KernelRuntime = {
    environment: kernelOptions.environment ?? browserEnvironment(),
    storage: kernelOptions.storage ?? defaultBackend(),
    fetch: kernelOptions.fetch ?? ((...args) => globalThis.fetch(...args)),
    logger: kernelOptions.logger ?? console,
  }
  const manifests = config.plugins
  assertKnownConnectMethods(config.features.connectMethodsOrder, manifests)
  let containerPromise: Promise<DependencyContainer> | undefined
  let loadedContainer: DependencyContainer | undefined
  const container = {
    load: () => (containerPromise ??= createKitContainer(services).then((built) => (loadedContainer = built))),
    loaded: () => loadedContainer,
  }
  const services = createServices(config, manifests, runtime, container)
  const { bus, chains, alerts, theme, plugins, connectionService: connection } = services
  const networkList = {
    chains,
    hasAdapter: (namespace: ChainNamespace) => plugins.namespacesWithAdapter().includes(namespace),
    switchNetwork: (network: CaipNetwork) => connection.switchNetwork(network),
  }
  let renderers = 0

  if (!config.projectId) alerts.report(PROJECT_ID_NOT_CONFIGURED)
  // Events are posted only to the integrator's own endpoint, and the sender downloads only then.
  const endpoint = config.endpoints.analytics
  const analytics =
    config.features.analytics && endpoint
      ? startAnalytics(
          bus.events$,
          async () =>
            (await import('./analytics/analytics.ts')).createAnalytics({
              endpoint,
              fetch: runtime.fetch,
              alerts,
              projectId: config.projectId,
              sdkType: SDK_TYPE,
              sdkVersion: `${kernelOptions.flavour ?? 'html'}-${SDK_TYPE}-${LIBRARY_VERSION}`,
              address: () => chains.activeAccount()?.address,
              location: () => globalThis.location ?? { href: '', host: '' },
            }),
          (error) => runtime.logger.warn('[Portico] analytics failed to load; events are not sent', error),
        )
      : undefined

  // A microtask later, so whoever holds the kit can subscribe before state starts moving.
  const restored = Promise.resolve().then(() => connection.restore())
  // Another tab of the site connecting or disconnecting is followed here, one change at a
  // time and after this tab's own start-up.
  let following: Promise<unknown> = restored
  const stopFollowing = watchOtherTabs(runtime.storage, (before, after) => {
    following = following
      .catch(() => undefined)
      .then(() => connection.followOtherTab(before, after))
      .catch((error: unknown) => runtime.logger.warn('[Portico] could not follow another tab', error))
  })

  // The cookie writer loads only for an app that asked for it (ssr: true), never on the first
  // screen; it starts once the restore has settled anyway.
  let stopStateCookie: (() => void) | undefined
  let destroyed = false
  if (config.ssr) {
    void import('./storage/keepStateCookie.ts').then(({ keepStateCookie }) => {
      if (!destroyed) stopStateCookie = keepStateCookie(chains, restored)
    })
  }

  const kit: PorticoKit = {
    config,
    services,
    container: container.load,
    bus,
    modal: services.modal,
    router: services.router,
    chains,
    snack: services.snack,
    alerts,
    theme,
    locale: services.locale,
    plugins,
    views: services.views,
    connectors: services.connectors,
    storage: services.storage,
    open: (openOptions) => kit.modal.open(openOptions),
    connect: (parameters) => connection.connect(parameters),
    disconnect: (namespace) => connection.disconnect(namespace),
    switchNetwork: (network) => connection.switchNetwork(network),
    addNetwork: (namespace, network) => addNetwork(networkList, namespace, network),
    removeNetwork: (namespace, caipNetworkId) => removeNetwork(networkList, namespace, caipNetworkId),
    getProvider: (namespace) => connection.getProvider(namespace),
    restored,
    close: () => kit.modal.close(),
    request: (request) => services.rpc.request(request),
    connectMethods: () =>
      connectMethodOrder({
        contributed: plugins.contributed('connectMethods'),
        configured: config.features.connectMethodsOrder,
        hasInjectedWallet: kit.connectors.list().some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED'),
      }),
    subscribeEvents(listener) {
      const subscription = bus.events$.subscribe(listener)
      return () => subscription.unsubscribe()
    },
    setThemeMode: (themeMode) => theme.set({ themeMode }),
    setLocale(locale) {
      if (!(LOCALES as readonly string[]).includes(locale)) throw new ConfigError('locale', `${String(locale)} is not one of ${LOCALES.join(', ')}`)
      services.locale.set({ locale })
    },
    setThemeVariables(variables) {
      const parsed = v.safeParse(ThemeVariablesSchema, variables)
      if (!parsed.success) {
        throw new ConfigError(`themeVariables.${v.getDotPath(parsed.issues[0]) ?? ''}`, parsed.issues[0].message)
      }
      theme.set(({ themeVariables }) => ({ themeVariables: { ...themeVariables, ...parsed.output } }))
    },
    claimRenderer() {
      renderers += 1
      let released = false
      return () => {
        if (!released) renderers -= 1
        released = true
      }
    },
    hasRenderer: () => renderers > 0,
    destroy() {
      stopFollowing()
      destroyed = true
      stopStateCookie?.()
      analytics?.unsubscribe()
      plugins.dispose()
      bus.complete()
    },
  }
  bus.emit({ type: 'MODAL_CREATED' })
  return kit
}
