import type { DependencyContainer } from 'tsyringe'
import type { AlertService } from './alerts/alertService.ts'
import type { EventBus } from './bus/bus.ts'
import type { PorticoEvent } from './bus/events.ts'
import type { ChainStore } from './chains/chainStore.ts'
import type { ChainNamespace } from './chains/namespaces.ts'
import type { CaipNetwork } from './chains/network.ts'
import type { PorticoConfig } from './config/schema.ts'
import type { ConnectionService } from './connection/connectionService.ts'
import type { ConnectMethod } from './connectOrder/connectMethodOrder.ts'
import type { ConnectorRegistry } from './connectorRegistry/connectorRegistry.ts'
import type { KernelServices } from './container/services.ts'
import type { ModalService, OpenOptions } from './modal/modalService.ts'
import type { PluginHost } from './plugins/pluginHost.ts'
import type { Router } from './router/router.ts'
import type { ViewRegistry } from './router/viewRegistry.ts'
import type { SnackService } from './snack/snackService.ts'
import type { PorticoStorage } from './storage/storage.ts'
import type { ThemeMode, ThemeStore } from './theme/themeStore.ts'
import type { LocaleStore } from './i18n/localeStore.ts'
import type { Locale } from './i18n/locales.ts'

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
  readonly snack: SnackService
  readonly alerts: AlertService
  readonly theme: ThemeStore
  /** The language the modal and the elements show (`createPortico({ locale })`, else the browser's). */
  readonly locale: LocaleStore
  readonly plugins: PluginHost
  readonly views: ViewRegistry
  readonly connectors: ConnectorRegistry
  readonly storage: PorticoStorage
  open(options?: OpenOptions): void
  /** Connects a discovered wallet: disconnected, then connecting, then connected. */
  connect: ConnectionService['connect']
  /** Disconnects a namespace (and those sharing its session); without a namespace every chain. */
  disconnect: ConnectionService['disconnect']
  /** Switches to a configured network; a network outside the list shows the network-not-found alert and throws. */
  switchNetwork: ConnectionService['switchNetwork']
  /**
   * Adds a network to a namespace; throws the adapter-missing error when no
   * plugin serves the namespace, and leaves a network already present alone (false).
   */
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): boolean
  /** Removes a network (an active one is switched away from first); false when absent. */
  removeNetwork(namespace: ChainNamespace, caipNetworkId: string): Promise<boolean>
  /** The connected wallet's provider (EIP-1193 for eip155), or undefined. */
  getProvider: ConnectionService['getProvider']
  /** Resolves when the connections stored by the last visit have been resumed or dropped. */
  readonly restored: Promise<void>
  close(): void
  /** Sends an RPC request through the kit (allow lists; plugins handle methods). */
  request(request: { method: string; params?: unknown }): Promise<unknown>
  /** The enabled connect methods in display order. */
  connectMethods(): ConnectMethod[]
  subscribeEvents(listener: (event: PorticoEvent) => void): () => void
  setThemeMode(mode: ThemeMode): void
  /** Shows the modal and the elements in another of the 22 locales; anything else throws a ConfigError. */
  setLocale(locale: Locale): void
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
