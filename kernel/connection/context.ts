import type { AlertService } from '../alerts/alertService.ts'
import type { EventBus } from '../bus/bus.ts'
import type { ChainStore } from '../chains/chainStore.ts'
import type { PorticoConfig } from '../config/schema.ts'
import type { ConnectorRegistry } from '../connectorRegistry/connectorRegistry.ts'
import type { ModalService } from '../modal/modalService.ts'
import type { Router } from '../router/router.ts'
import type { HookRunner } from '../plugins/hooks.ts'
import type { PluginHost } from '../plugins/pluginHost.ts'
import type { PorticoStorage } from '../storage/storage.ts'
import type { AdapterRegistry } from './chainAdapter.ts'

/** What the connection actions share. One per kit. */
export interface ConnectionContext {
  readonly config: PorticoConfig
  readonly chains: ChainStore
  readonly storage: PorticoStorage
  readonly connectors: ConnectorRegistry
  readonly adapters: AdapterRegistry
  readonly modal: ModalService
  readonly router: Router
  readonly bus: EventBus
  readonly alerts: AlertService
  readonly hooks: Pick<HookRunner, 'disconnected' | 'afterConnectSteps'>
  /** To activate the plugins with an after-connect step before it runs. */
  readonly plugins: Pick<PluginHost, 'manifests' | 'load'>
  readonly logger: Pick<Console, 'warn' | 'error'>
  /** Loads the plugin that contributes a connector id; false when none does (used to resume stored connections at start). */
  loadConnectorOwner(connectorId: string): Promise<boolean>
}
