/**
 * The `portico/plugin` entry: what a plugin author needs, framework-free. A plugin
 * is a manifest (`definePlugin`) that declares its flags and contributions up front,
 * and a body behind `load: () => import('./body')` that registers views, services,
 * RPC handlers and kernel hooks when first needed. See docs/plugins.md.
 *
 * @example
 * import { definePlugin, definePluginFlag } from 'portico/plugin'
 * import * as v from 'valibot'
 *
 * export const greeterPlugin = () =>
 *   definePlugin({
 *     id: 'greeter',
 *     flags: [definePluginFlag({ name: 'greeter', schema: v.boolean(), default: true })],
 *     enabledBy: 'greeter',
 *     contributes: { views: ['Greeter'] },
 *     load: () => import('./body.tsx'),
 *   })
 */
export {
  definePlugin,
  definePluginFlag,
  isFlagOn,
  isPluginEnabled,
  type ActivationEvent,
  type Disposer,
  type KernelHooks,
  type PluginBody,
  type PluginContext,
  type PluginFlag,
  type PluginManifest,
  type PluginContributions,
  type PluginConfigContribution,
  type ConnectMethodContribution,
  type WalletFeatureContribution,
  type AccountTabContribution,
  type ConnectorViewContribution,
  type WalletListEntryContribution,
  type BasicModeContribution,
  // Services come from the container by token.
  type Token,
  createToken,
  resolve,
  IAdapterRegistry,
  IAlertService,
  IChainStore,
  IConfig,
  IConnectionService,
  IConnectorRegistry,
  IEnvironment,
  IEventBus,
  IKernelHooks,
  IModalService,
  IPendingRequests,
  IPluginHost,
  IRouter,
  IRpcRegistry,
  ISnackService,
  IStorage,
  IThemeStore,
  IViewRegistry,
  // What a chain adapter or a wallet connector implements.
  type ChainAdapter,
  type AdapterEvents,
  type ConnectResult,
  type Balance,
  type Connector,
  type ConnectorCapabilities,
  type ConnectorType,
  type RpcHandler,
  type RpcRequest,
} from '../kernel/index.ts'
// The helpers every namespace plugin shares: wallet errors, parsing untrusted answers, Wallet Standard calls, units.
export {
  WalletError,
  WalletErrorText,
  toWalletError,
  isUserRejection,
  walletErrorFields,
  parseOrThrow,
  safeParse,
  callFeature,
  featureOf,
  hasFeature,
  formatUnits,
  parsePositiveUnits,
} from '../kernel/wallets/index.ts'
// The methods the kit runs without approval (safe) and those a wallet must approve (unsafe); others are refused.
export { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, isSafeRpcMethod, isUnsafeRpcMethod } from '../kernel/rpc/methods.ts'
