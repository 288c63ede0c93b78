import type { DependencyContainer } from 'tsyringe'
import * as v from 'valibot'
import type { AlertService } from './alerts/alertService.ts'
import { startAnalytics } from './analytics/startAnalytics.ts'
import type { EventBus } from './bus/bus.ts'
import type { PorticoEvent } from './bus/events.ts'
import type { ChainStore } from './chains/chainStore.ts'
import type { ChainNamespace } from './chains/namespaces.ts'
import type { CaipNetwork } from './chains/network.ts'
import { addNetwork, removeNetwork } from './chains/networkList.ts'
import { parseConfig } from './config/parseConfig.ts'
import type { PluginFlagOwners } from './config/pluginFlags.ts'
import { type PorticoConfig, type PorticoOptions, ThemeVariablesSchema } from './config/schema.ts'
import type { ConnectionService } from './connection/connectionService.ts'
import type { ConnectionStore } from './connection/connectionStore.ts'
import { type ConnectMethod, assertKnownConnectMethods, connectMethodOrder } from './connectOrder/connectMethodOrder.ts'
import type { ConnectorRegistry } from './connectorRegistry/connectorRegistry.ts'
import { LIBRARY_VERSION, SDK_TYPE } from './constants.ts'
import { createKitContainer } from './container/container.ts'
import { type KernelRuntime, type KernelServices, createServices } from './container/services.ts'
import { browserEnvironment } from './env/environment.ts'
import { ConfigError } from './errors/base.ts'
import { Alerts } from './errors/catalogue.ts'
import type { ModalService, OpenOptions } from './modal/modalService.ts'
import { isPluginEnabled } from './plugins/manifest.ts'
import { assertRequiredPackages, nodePackageProbe } from './plugins/requiredPackages.ts'
import type { PluginHost } from './plugins/pluginHost.ts'
import type { Router } from './router/router.ts'
import type { ViewRegistry } from './router/viewRegistry.ts'
import type { SnackService } from './snack/snackService.ts'
import { defaultBackend } from './storage/storage.ts'
import type { PorticoStorage } from './storage/storage.ts'
import type { ThemeMode, ThemeStore } from './theme/themeStore.ts'

/** A kit instance: what `createPortico()` returns. */
export interface PorticoKit {
  readonly config: PorticoConfig
  /** Every kernel service of this kit, for tests and advanced integrations. */
  readonly services: KernelServices
  /**
   * This kit's own DI container, built on first call: plugins and advanced
   * integrations resolve services by token.
   */
  container(): Promise<DependencyContainer>
  readonly bus: EventBus
  readonly modal: ModalService
  readonly router: Router
  readonly chains: ChainStore
  readonly connection: ConnectionStore
  readonly snack: SnackService
  readonly alerts: AlertService
  readonly theme: ThemeStore
  readonly plugins: PluginHost
  readonly views: ViewRegistry
  readonly connectors: ConnectorRegistry
  readonly storage: PorticoStorage
  open(options?: OpenOptions): void
  /** Connects a discovered wallet (SPEC §4 connection status). */
  connect: ConnectionService['connect']
  /** SPEC §4 Disconnect; without a namespace every chain. */
  disconnect: ConnectionService['disconnect']
  /** SPEC §4 Switching network. */
  switchNetwork: ConnectionService['switchNetwork']
  /**
   * SPEC §5: adds a network to a namespace; throws the adapter-missing error when no
   * plugin serves the namespace, and leaves a network already present alone (false).
   */
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): boolean
  /** SPEC §5: removes a network (an active one is switched away from first); false when absent. */
  removeNetwork(namespace: ChainNamespace, caipNetworkId: string): Promise<boolean>
  /** The connected wallet's provider (EIP-1193 for eip155), or undefined. */
  getProvider: ConnectionService['getProvider']
  /** Resolves when the connections stored by the last visit have been resumed or dropped. */
  readonly restored: Promise<void>
  close(): void
  /** Sends an RPC request through the kit (SPEC §5 allow lists; plugins handle methods). */
  request(request: { method: string; params?: unknown }): Promise<unknown>
  /** The enabled connect methods in display order (SPEC §2). */
  connectMethods(): ConnectMethod[]
  subscribeEvents(listener: (event: PorticoEvent) => void): () => void
  setThemeMode(mode: ThemeMode): void
  /** Merges `--portico-*` variables into the theme; anything else throws a ConfigError. */
  setThemeVariables(variables: Readonly<Record<string, string>>): void
  /**
   * Claims the job of rendering the modal (the React provider does on mount);
   * the vanilla entry renders lazily on first open only when nobody has.
   * Returns the release function.
   */
  claimRenderer(): () => void
  hasRenderer(): boolean
  /** Stops analytics, disposes plugins and completes the bus. */
  destroy(): void
}

export type KernelOptions = Partial<KernelRuntime> & {
  /** How to get the plugin behind each well-known flag, for the error when it is missing. */
  readonly flagOwners?: PluginFlagOwners
  /** Reported in analytics as `sv` (SPEC §7). */
  readonly flavour?: 'html' | 'react'
}

/**
 * Builds a kit from the integrator's options. Throws a ConfigError naming the
 * bad field; a missing project id raises the PROJECT_ID_NOT_CONFIGURED alert.
 */
export function createKernel(options: PorticoOptions, kernelOptions: KernelOptions = {}): PorticoKit {
  const config = parseConfig(options, { flagOwners: kernelOptions.flagOwners ?? {} })
  const runtime: KernelRuntime = {
    environment: kernelOptions.environment ?? browserEnvironment(),
    storage: kernelOptions.storage ?? defaultBackend(),
    fetch: kernelOptions.fetch ?? ((...args) => globalThis.fetch(...args)),
    logger: kernelOptions.logger ?? console,
  }
  const manifests = config.plugins
  assertKnownConnectMethods(config.features.connectMethodsOrder, manifests)
  assertRequiredPackages(
    manifests.filter((manifest) => isPluginEnabled(manifest, config)),
    nodePackageProbe(),
  )
  let containerPromise: Promise<DependencyContainer> | undefined
  let loadedContainer: DependencyContainer | undefined
  const container = {
    load: () =>
      (containerPromise ??= createKitContainer(services).then((built) => (loadedContainer = built))),
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

  if (!config.projectId) alerts.report(Alerts.PROJECT_ID_NOT_CONFIGURED)
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

  const kit: PorticoKit = {
    config,
    services,
    container: container.load,
    bus,
    modal: services.modal,
    router: services.router,
    chains,
    connection: services.connection,
    snack: services.snack,
    alerts,
    theme,
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
    // A microtask later, so whoever holds the kit can subscribe before state starts moving.
    restored: Promise.resolve().then(() => connection.restore()),
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
      analytics?.unsubscribe()
      plugins.dispose()
      bus.complete()
    },
  }
  bus.emit({ type: 'MODAL_CREATED' })
  return kit
}
