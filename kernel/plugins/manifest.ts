import type { DependencyContainer } from 'tsyringe'
import type { EventBus } from '../bus/bus.ts'
import type { Disposer } from '../disposer.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { ConnectMethod, FeatureFlag } from '../config/features.ts'
import type { PorticoConfig } from '../config/schema.ts'
import type { WalletFeature } from '../constants.ts'
import type { ConnectorRegistry } from '../connectors/connectorRegistry.ts'
import type { RpcRegistry } from '../rpc/rpcRegistry.ts'
import type { ViewRegistry } from '../router/viewRegistry.ts'

/** What a plugin adds, declared up front so the kernel knows when to load its body. */
export interface PluginContributions {
  readonly views?: readonly string[]
  readonly connectMethods?: readonly ConnectMethod[]
  readonly walletFeatures?: readonly WalletFeature[]
  readonly accountTabs?: readonly string[]
  readonly rpcMethods?: readonly string[]
  /** Namespaces this plugin is the chain adapter of. */
  readonly namespaces?: readonly ChainNamespace[]
  /**
   * Ids of the connectors this plugin registers. A connection stored through one
   * of them loads the plugin at start to resume it (WalletConnect's stored session).
   */
  readonly connectors?: readonly string[]
}

/**
 * When a body loads besides the contributions being used: `onModalOpen` for
 * plugins the first view needs (wallet discovery), `onStartup` for the rare one
 * that must watch from the start.
 */
export type ActivationEvent = 'onModalOpen' | 'onStartup'

/** Releases what `activate` registered (its own module: the registries use it too). */
export type { Disposer }

/** Everything a plugin body may touch; other services come from `container` by token. */
export interface PluginContext {
  readonly container: DependencyContainer
  readonly bus: EventBus
  readonly views: ViewRegistry
  readonly rpc: RpcRegistry
  readonly connectors: ConnectorRegistry
  readonly config: PorticoConfig
}

/** The lazily imported half of a plugin. */
export interface PluginBody {
  activate(context: PluginContext): void | Disposer | Promise<void | Disposer>
}

/**
 * The always-bundled half of a plugin: tiny, static, side-effect free.
 *
 * @example
 * export const receivePlugin = () => definePlugin({
 *   id: 'receive',
 *   feature: 'receive',
 *   contributes: { views: ['Receive'], walletFeatures: ['receive'] },
 *   load: () => import('./body.tsx'),
 * })
 */
export interface PluginManifest {
  readonly id: string
  /** The feature flag that gates the plugin; a disabled plugin is never loaded. */
  readonly feature?: FeatureFlag
  /** An extra condition on the config, e.g. "an eip155 network is configured". */
  readonly when?: (config: PorticoConfig) => boolean
  /**
   * Optional peer packages the body imports (a chain SDK, say). `createPortico()` fails
   * with the package's name when one is missing, rather than the first click.
   */
  readonly requiredPackages?: readonly string[]
  /** Plugins whose bodies must be active first (by id). */
  readonly requires?: readonly string[]
  readonly activationEvents?: readonly ActivationEvent[]
  readonly contributes: PluginContributions
  readonly load: () => Promise<PluginBody>
}

/** Identity helper that types a manifest. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest
}

export function isPluginEnabled(manifest: PluginManifest, config: PorticoConfig): boolean {
  if (manifest.feature && !config.features[manifest.feature]) return false
  return manifest.when ? manifest.when(config) : true
}
