import type { DependencyContainer } from 'tsyringe'
import { type AlertService, createAlertService } from '../alerts/alertService.ts'
import { type EventBus, createEventBus } from '../bus/bus.ts'
import { type ChainStore, createChainStore } from '../chains/chainStore.ts'
import type { PorticoConfig } from '../config/schema.ts'
import { type AdapterRegistry, createAdapterRegistry } from '../connection/chainAdapter.ts'
import { type ConnectionService, createConnectionService } from '../connection/connectionService.ts'
import { type ConnectorRegistry, createConnectorRegistry } from '../connectorRegistry/connectorRegistry.ts'
import { DISALLOWED_RPC_UI_ERROR_DELAY_MS } from '../constants.ts'
import type { Environment } from '../env/environment.ts'
import { PorticoError } from '../errors/base.ts'
import { PLUGIN_LOAD_FAILED, RPC_NOT_ALLOWED_UI_TEXT } from '../errors/firstScreenTexts.ts'
import { type ModalService, createModalService } from '../modal/modalService.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { type KernelHooks, createKernelHooks } from '../plugins/hooks.ts'
import { type PluginHost, createPluginHost } from '../plugins/pluginHost.ts'
import { type Router, createRouter } from '../router/router.ts'
import { type ViewRegistry, createViewRegistry } from '../router/viewRegistry.ts'
import { type PendingRequests, createPendingRequests } from '../rpc/pendingRequests.ts'
import { type RpcRegistry, createRpcRegistry } from '../rpc/rpcRegistry.ts'
import { type SnackService, createSnackService } from '../snack/snackService.ts'
import { type PorticoStorage, type StorageBackend, createStorage } from '../storage/storage.ts'
import { type ThemeStore, createThemeStore } from '../theme/themeStore.ts'
import { type LocaleStore, createLocaleStore } from '../i18n/localeStore.ts'
import { browserLocale } from '../i18n/locales.ts'

export interface KernelRuntime {
  readonly environment: Environment
  readonly storage: StorageBackend
  readonly fetch: typeof fetch
  readonly logger: Pick<Console, 'warn' | 'error'>
}

/** Every kernel service of one kit; the container registers each under its token. */
export interface KernelServices {
  readonly config: PorticoConfig
  readonly environment: Environment
  readonly bus: EventBus
  readonly storage: PorticoStorage
  readonly chains: ChainStore
  /** What plugins add to the kernel's rules; the kernel runs them. */
  readonly hooks: KernelHooks
  readonly theme: ThemeStore
  readonly locale: LocaleStore
  readonly pending: PendingRequests
  readonly snack: SnackService
  readonly alerts: AlertService
  readonly connectors: ConnectorRegistry
  readonly plugins: PluginHost
  readonly views: ViewRegistry
  readonly rpc: RpcRegistry
  readonly router: Router
  readonly modal: ModalService
  readonly adapters: AdapterRegistry
  readonly connectionService: ConnectionService
}

export interface ContainerAccess {
  /** Builds the kit's container on first call (plugins get it in their context). */
  load(): Promise<DependencyContainer>
  /** The container if something already needed it; the kernel never builds it just to look. */
  loaded(): DependencyContainer | undefined
}

/**
 * Wires one kit's services with plain functions: the first screen needs them,
 * and none of them needs the DI container to exist.
 */
export function createServices(config: PorticoConfig, manifests: readonly PluginManifest[], runtime: KernelRuntime, container: ContainerAccess): KernelServices {
  const { logger, environment } = runtime
  const bus = createEventBus()
  const storage = createStorage(runtime.storage, (key) => {
    logger.warn(`[Portico] ignored an invalid stored value for ${key}`)
    bus.emit({ type: 'STORAGE_VALUE_REJECTED', properties: { key } })
  })
  const chains = createChainStore(config.networks, config.defaultNetwork)
  const hooks = createKernelHooks(logger)
  const theme = createThemeStore({ themeMode: config.themeMode, themeVariables: config.themeVariables })
  const locale = createLocaleStore(config.locale ?? browserLocale())
  const pending = createPendingRequests()
  const snack = createSnackService()
  const alerts = createAlertService(bus, (message) => logger.warn(message))
  const connectors = createConnectorRegistry()

  // Plugins, views, RPC, router and modal refer to each other; each reaches the others only when called.
  const plugins: PluginHost = createPluginHost({
    manifests,
    config,
    bus,
    context: async () => ({ container: await container.load(), bus, views, rpc, connectors, config, hooks }),
    onLoadFailed: (manifest, error) => {
      logger.error(`[Portico] plugin "${manifest.id}" failed to load`, error)
      alerts.report(PLUGIN_LOAD_FAILED)
    },
  })
  const views = createViewRegistry((name) => plugins.loadOwnerOf('views', name))
  const rpc = createRpcRegistry({
    loadOwner: (method) => plugins.loadOwnerOf('rpcMethods', method),
    isContributed: (method) => Boolean(plugins.ownerOf('rpcMethods', method)),
    onRejected: (method, reason) => {
      // A disallowed method: open the modal, log, show the UI error after 300 ms, reject what is pending.
      if (!modal.store.get().open) modal.open()
      logger.error(`[Portico] ${reason}: ${method}`)
      setTimeout(() => snack.showError(RPC_NOT_ALLOWED_UI_TEXT), DISALLOWED_RPC_UI_ERROR_DELAY_MS)
      pending.rejectAll(new PorticoError(reason, { details: method }))
      bus.emit({ type: 'RPC_REQUEST_REJECTED', properties: { method, reason } })
    },
    transactionKit: () => ({ config, modal, snack, bus, logger }),
    forward: (request) => connectionService.request(request),
    onUnsafeSucceeded: (method) => bus.emit({ type: 'RPC_REQUEST_SUCCEEDED', properties: { method } }),
  })
  const router = createRouter({
    prefetch: (view) => {
      // Failures surface through the plugin host's alert and the view host's retry.
      if (!views.get(view) && plugins.ownerOf('views', view)) views.resolve(view).catch(() => undefined)
    },
    closeModal: () => modal.close(),
    onPopped: (entry) => hooks.popped(entry),
  })
  const modal: ModalService = createModalService({
    config,
    router,
    chains,
    hooks,
    pending,
    environment,
    bus,
    plugins,
    adapters: () => config.adapters,
  })
  const adapters = createAdapterRegistry((namespace) => plugins.loadOwnerOf('namespaces', namespace))
  const connectionService = createConnectionService({
    config,
    chains,
    storage,
    connectors,
    adapters,
    modal,
    router,
    bus,
    alerts,
    hooks,
    plugins,
    logger,
    loadConnectorOwner: (connectorId) => plugins.loadOwnerOf('connectors', connectorId),
  })
  return {
    config,
    environment,
    bus,
    storage,
    chains,
    hooks,
    theme,
    locale,
    pending,
    snack,
    alerts,
    connectors,
    plugins,
    views,
    rpc,
    router,
    modal,
    adapters,
    connectionService,
  }
}
