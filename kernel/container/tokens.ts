import type { AlertService } from '../alerts/alertService.ts'
import type { EventBus } from '../bus/bus.ts'
import type { ChainStore } from '../chains/chainStore.ts'
import type { PorticoConfig } from '../config/schema.ts'
import type { AdapterRegistry } from '../connection/chainAdapter.ts'
import type { ConnectionService } from '../connection/connectionService.ts'
import type { ConnectorRegistry } from '../connectorRegistry/connectorRegistry.ts'
import type { Environment } from '../env/environment.ts'
import type { ModalService } from '../modal/modalService.ts'
import type { KernelHooks } from '../plugins/hooks.ts'
import type { PluginHost } from '../plugins/pluginHost.ts'
import type { Router } from '../router/router.ts'
import type { ViewRegistry } from '../router/viewRegistry.ts'
import type { PendingRequests } from '../rpc/pendingRequests.ts'
import type { RpcRegistry } from '../rpc/rpcRegistry.ts'
import type { SnackService } from '../snack/snackService.ts'
import type { PorticoStorage } from '../storage/storage.ts'
import type { ThemeStore } from '../theme/themeStore.ts'
import type { LocaleStore } from '../i18n/localeStore.ts'
import { createToken } from './token.ts'

/* Each token is a value and names its interface; plugins resolve services by token, never by class. */
export const IConfig = createToken<PorticoConfig>('IConfig')
export const IEventBus = createToken<EventBus>('IEventBus')
export const IEnvironment = createToken<Environment>('IEnvironment')
export const IStorage = createToken<PorticoStorage>('IStorage')
export const IChainStore = createToken<ChainStore>('IChainStore')
export const IKernelHooks = createToken<KernelHooks>('IKernelHooks')
export const IThemeStore = createToken<ThemeStore>('IThemeStore')
export const ILocaleStore = createToken<LocaleStore>('ILocaleStore')
export const IPendingRequests = createToken<PendingRequests>('IPendingRequests')
export const IRouter = createToken<Router>('IRouter')
export const IViewRegistry = createToken<ViewRegistry>('IViewRegistry')
export const IRpcRegistry = createToken<RpcRegistry>('IRpcRegistry')
export const IConnectorRegistry = createToken<ConnectorRegistry>('IConnectorRegistry')
export const IPluginHost = createToken<PluginHost>('IPluginHost')
export const IModalService = createToken<ModalService>('IModalService')
export const ISnackService = createToken<SnackService>('ISnackService')
export const IAlertService = createToken<AlertService>('IAlertService')
export const IAdapterRegistry = createToken<AdapterRegistry>('IAdapterRegistry')
export const IConnectionService = createToken<ConnectionService>('IConnectionService')
