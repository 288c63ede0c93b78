// tsyringe refuses to load without the Reflect metadata API; this is the one place it is imported.
import 'reflect-metadata'
import { type DependencyContainer, type InjectionToken, container as rootContainer, instanceCachingFactory } from 'tsyringe'
import { createAlertService } from '../alerts/alertService.ts'
import { createEventBus } from '../bus/bus.ts'
import { createChainStore } from '../chains/chainStore.ts'
import type { PorticoConfig } from '../config/schema.ts'
import { createAdapterRegistry } from '../connection/chainAdapter.ts'
import { createConnectionService } from '../connection/connectionService.ts'
import { createConnectionStore } from '../connection/connectionStore.ts'
import { createConnectorRegistry } from '../connectors/connectorRegistry.ts'
import { FARCASTER_BACK_RELOAD_MS, DISALLOWED_RPC_UI_ERROR_DELAY_MS } from '../constants.ts'
import type { Environment } from '../env/environment.ts'
import { Alerts, RPC_NOT_ALLOWED_UI_TEXT } from '../errors/catalogue.ts'
import { createHttpClient } from '../http/httpClient.ts'
import { createModalService } from '../modal/modalService.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { createPluginHost } from '../plugins/pluginHost.ts'
import { createRouter } from '../router/router.ts'
import { createViewRegistry } from '../router/viewRegistry.ts'
import { createPendingRequests } from '../rpc/pendingRequests.ts'
import { createRpcRegistry } from '../rpc/rpcRegistry.ts'
import { createSiwxStore } from '../siwx/siwxStore.ts'
import { createSnackService } from '../snack/snackService.ts'
import { type StorageBackend, createStorage } from '../storage/storage.ts'
import { createThemeStore } from '../theme/themeStore.ts'
import { type Token, resolve } from './token.ts'
import * as T from './tokens.ts'

export interface KernelRuntime {
  readonly environment: Environment
  readonly storage: StorageBackend
  readonly fetch: typeof fetch
  readonly logger: Pick<Console, 'warn' | 'error'>
}

function singleton<S>(container: DependencyContainer, token: Token<S>, factory: (c: DependencyContainer) => S) {
  container.register(token as InjectionToken<S>, { useFactory: instanceCachingFactory(factory) })
}

/**
 * One child container per kit, so two kits on a page, tests and server
 * rendering never share state. Every service is built on first resolve.
 */
export function createKitContainer(
  config: PorticoConfig,
  manifests: readonly PluginManifest[],
  runtime: KernelRuntime,
): DependencyContainer {
  const c = rootContainer.createChildContainer()
  const get = <S>(token: Token<S>) => resolve(c, token)

  c.register(T.IConfig as InjectionToken<PorticoConfig>, { useValue: config })
  c.register(T.IEnvironment as InjectionToken<Environment>, { useValue: runtime.environment })
  singleton(c, T.IEventBus, () => createEventBus())
  singleton(c, T.IStorage, () =>
    createStorage(runtime.storage, (key) => {
      runtime.logger.warn(`[Portico] ignored an invalid stored value for ${key}`)
      get(T.IEventBus).emit({ type: 'STORAGE_VALUE_REJECTED', properties: { key } })
    }),
  )
  singleton(c, T.IChainStore, () => createChainStore(config.networks, config.defaultNetwork))
  singleton(c, T.IConnectionStore, () => createConnectionStore())
  singleton(c, T.ISiwxStore, () => createSiwxStore())
  singleton(c, T.IThemeStore, () =>
    createThemeStore({ themeMode: config.themeMode, themeVariables: config.themeVariables }),
  )
  singleton(c, T.IPendingRequests, () => createPendingRequests())
  singleton(c, T.ISnackService, () => createSnackService())
  singleton(c, T.IAlertService, () => createAlertService(get(T.IEventBus), (m) => runtime.logger.warn(m)))
  singleton(c, T.IConnectorRegistry, () => createConnectorRegistry())
  singleton(c, T.IAnalyticsHttp, () => createHttpClient(config.endpoints.analytics, runtime.fetch))

  singleton(c, T.IPluginHost, () =>
    createPluginHost({
      manifests,
      config,
      bus: get(T.IEventBus),
      context: () => ({
        container: c,
        bus: get(T.IEventBus),
        views: get(T.IViewRegistry),
        rpc: get(T.IRpcRegistry),
        connectors: get(T.IConnectorRegistry),
        config,
      }),
      onLoadFailed: (manifest, error) => {
        runtime.logger.error(`[Portico] plugin "${manifest.id}" failed to load`, error)
        get(T.IAlertService).report(Alerts.PLUGIN_LOAD_FAILED)
      },
    }),
  )
  singleton(c, T.IViewRegistry, () => createViewRegistry((name) => get(T.IPluginHost).loadOwnerOf('views', name)))
  singleton(c, T.IRpcRegistry, () =>
    createRpcRegistry({
      loadOwner: (method) => get(T.IPluginHost).loadOwnerOf('rpcMethods', method),
      isContributed: (method) => Boolean(get(T.IPluginHost).ownerOf('rpcMethods', method)),
      onRejected: (method, reason) => {
        // SPEC §4: open the modal, log, show the UI error after 300 ms, reject what is pending.
        const modal = get(T.IModalService)
        if (!modal.store.get().open) modal.open()
        runtime.logger.error(`[Portico] ${reason}: ${method}`)
        setTimeout(() => get(T.ISnackService).showError(RPC_NOT_ALLOWED_UI_TEXT), DISALLOWED_RPC_UI_ERROR_DELAY_MS)
        get(T.IPendingRequests).rejectAll()
        get(T.IEventBus).emit({ type: 'RPC_REQUEST_REJECTED', properties: { method, reason } })
      },
    }),
  )
  singleton(c, T.IRouter, () =>
    createRouter({
      prefetch: (view) => {
        const host = get(T.IPluginHost)
        if (!get(T.IViewRegistry).get(view) && host.ownerOf('views', view)) {
          // Failures surface through the plugin host's alert and the view host's retry.
          get(T.IViewRegistry).resolve(view).catch(() => undefined)
        }
      },
      closeModal: () => get(T.IModalService).close(),
      onPopped: (entry) => {
        const chains = get(T.IChainStore)
        if (entry.view !== 'ConnectingFarcaster' || chains.isConnected()) return
        // SPEC §2: leaving ConnectingFarcaster while disconnected clears the url and reloads the auth provider.
        chains.updateAccount(chains.get().activeNamespace, { farcasterUrl: undefined })
        setTimeout(() => {
          if (c.isRegistered(T.IAuthProvider as InjectionToken<unknown>, true)) get(T.IAuthProvider).reload()
        }, FARCASTER_BACK_RELOAD_MS)
      },
    }),
  )
  singleton(c, T.IModalService, () =>
    createModalService({
      config,
      router: get(T.IRouter),
      chains: get(T.IChainStore),
      connection: get(T.IConnectionStore),
      siwx: get(T.ISiwxStore),
      pending: get(T.IPendingRequests),
      environment: runtime.environment,
      bus: get(T.IEventBus),
      adapters: () => config.adapters,
    }),
  )
  singleton(c, T.IAdapterRegistry, () =>
    createAdapterRegistry((namespace) => get(T.IPluginHost).loadOwnerOf('namespaces', namespace)),
  )
  singleton(c, T.IConnectionService, () =>
    createConnectionService({
      config,
      chains: get(T.IChainStore),
      storage: get(T.IStorage),
      connectors: get(T.IConnectorRegistry),
      adapters: get(T.IAdapterRegistry),
      modal: get(T.IModalService),
      router: get(T.IRouter),
      bus: get(T.IEventBus),
      alerts: get(T.IAlertService),
      connection: get(T.IConnectionStore),
      siwx: get(T.ISiwxStore),
      logger: runtime.logger,
    }),
  )
  return c
}
