import type { DependencyContainer } from 'tsyringe'
import type { EventBus } from '../bus/bus.ts'
import type { Disposer } from '../disposer.ts'
import { type PluginFlag, isFlagOn } from '../config/features.ts'
import type { PorticoConfig } from '../config/schema.ts'
import type { ConnectorRegistry } from '../connectorRegistry/connectorRegistry.ts'
import type { RpcRegistry } from '../rpc/rpcRegistry.ts'
import type { ViewRegistry } from '../router/viewRegistry.ts'
import type { PluginContributions } from './contributions.ts'
import type { KernelHooks } from './hooks.ts'

/**
 * When a body loads besides the contributions being used: `onModalOpen` for
 * plugins the first view needs (wallet discovery), `onConnect` for one with an
 * after-connect step (loaded before the steps run), `onStartup` for the rare one
 * that must watch from the start.
 */
export type ActivationEvent = 'onModalOpen' | 'onConnect' | 'onStartup'

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
  /** Rules the plugin adds to the kernel's own: close guards, back rules, clean-up. */
  readonly hooks: KernelHooks
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
 *   flags: [{ name: 'receive', schema: v.boolean(), default: true }],
 *   enabledBy: 'receive',
 *   contributes: {
 *     views: ['Receive'],
 *     walletFeatures: [{ id: 'receive', label: 'Receive', icon: 'qr', view: 'Receive', rank: 30 }],
 *   },
 *   load: () => import('./body.tsx'),
 * })
 */
export interface PluginManifest {
  readonly id: string
  /** The flags this plugin owns under `features`, with their schemas and defaults. */
  readonly flags?: readonly PluginFlag[]
  /** The name of one of its flags that turns the plugin on; a disabled plugin is never loaded. */
  readonly enabledBy?: string
  /** An extra condition on the config, e.g. "an eip155 network is configured". */
  readonly when?: (config: PorticoConfig) => boolean
  /**
   * Optional peer packages the body imports (a chain SDK, say). When the body's import of
   * one fails for want of it, the load fails with a ConfigError naming the package to install.
   */
  readonly requiredPackages?: readonly string[]
  /** Plugins whose bodies must be active first (by id). */
  readonly requires?: readonly string[]
  /**
   * Plugins this one needs and brings along, so the app lists this one only. Each is
   * added before it unless the app lists a plugin with the same id itself (that one,
   * with the app's options, is used) or an earlier plugin already brought it.
   */
  readonly includes?: readonly PluginManifest[]
  readonly activationEvents?: readonly ActivationEvent[]
  readonly contributes: PluginContributions
  readonly load: () => Promise<PluginBody>
  /**
   * The plugin's message catalogue (`defineCatalogue` from `portico/ui`), behind `import()`: the
   * shell shows the labels the plugin contributes (tabs, wallet features, connect methods) in the
   * kit's locale, as the catalogue's first message with the label's English text.
   */
  readonly messages?: () => Promise<{ readonly messages: object }>
}

/** Identity helper that types a manifest. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest
}

export function isPluginEnabled(manifest: PluginManifest, config: PorticoConfig): boolean {
  if (manifest.enabledBy && !isFlagOn(config.features, manifest.enabledBy)) return false
  return manifest.when ? manifest.when(config) : true
}
