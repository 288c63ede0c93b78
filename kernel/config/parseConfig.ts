import * as v from 'valibot'
import type { CaipNetwork } from '../chains/network.ts'
import { withIncludedPlugins } from '../plugins/includedPlugins.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { ConfigError } from '../errors/base.ts'
import { resolvePluginConfig } from './pluginConfig.ts'
import { type PluginFlagOwners, resolvePluginFlags } from './pluginFlags.ts'
import type { PluginKeyOwners } from './pluginKeys.ts'
import { ConfigSchema, type PorticoConfig, type PorticoOptions } from './schema.ts'

const CONFIG_KEYS = Object.keys(ConfigSchema.entries)

export interface ParseConfigOptions {
  /** Where each well-known plugin flag comes from, for the error when its plugin is absent. */
  readonly flagOwners?: PluginFlagOwners
  /** Where each well-known top-level option a plugin owns comes from (`siwx`: the siwx plugin). */
  readonly configOwners?: PluginKeyOwners
}

/**
 * Validates what the integrator passed and fills every default, the plugins' flags
 * and the top-level options they own included. Throws a ConfigError naming the first bad
 * field; an unknown key (plain JavaScript callers have no compiler to catch a typo) is one too.
 *
 * @example
 * parseConfig({ projectId: 'p', networks: [mainnet] }).features.analytics // true
 */
export function parseConfig(options: PorticoOptions, parseOptions: ParseConfigOptions = {}): PorticoConfig {
  const { result, pluginOptions } = readOptions(options)
  if (!result.success) {
    const issue = result.issues[0]
    throw new ConfigError(v.getDotPath(issue) ?? '(root)', issue.message)
  }
  const parsed = result.output
  if (parsed.features.legalCheckbox && !parsed.termsConditionsUrl && !parsed.privacyPolicyUrl) {
    throw new ConfigError('features.legalCheckbox', 'needs termsConditionsUrl or privacyPolicyUrl: the box links what the visitor agrees to')
  }
  const plugins = withIncludedPlugins(parsed.plugins)
  const networks = withPluginNetworks(parsed.networks as CaipNetwork[], plugins)
  if (networks.length === 0) throw new ConfigError('networks', 'must list at least one network')
  const defaultNetwork = (parsed.defaultNetwork as CaipNetwork | undefined) ?? networks[0]!
  if (!networks.some((network) => network.caipNetworkId === defaultNetwork.caipNetworkId)) {
    throw new ConfigError('defaultNetwork', `${defaultNetwork.caipNetworkId} is not one of networks`)
  }
  const adapters = parsed.adapters ?? [...new Set(networks.map((network) => network.chainNamespace))]
  const features = resolvePluginFlags(parsed.features, plugins, parseOptions.flagOwners ?? {})
  const owned = resolvePluginConfig(pluginOptions, CONFIG_KEYS, plugins, parseOptions.configOwners ?? {})
  return { ...owned, ...parsed, plugins, features, networks, defaultNetwork, adapters }
}

/** The app's networks, then those its plugins bring (each id once: the app's own version wins). */
function withPluginNetworks(networks: readonly CaipNetwork[], plugins: readonly PluginManifest[]): CaipNetwork[] {
  const all = [...networks]
  for (const network of plugins.flatMap((plugin) => plugin.contributes.networks ?? [])) {
    if (!all.some((known) => known.caipNetworkId === network.caipNetworkId)) all.push(network)
  }
  return all
}

/**
 * The options checked against the kernel's schema (the keys plugins own are checked once the
 * plugins are known); options whose getters or Proxy traps throw are a ConfigError too.
 */
function readOptions(options: PorticoOptions) {
  try {
    const pluginOptions = Object.fromEntries(typeof options === 'object' && options !== null ? Object.entries(options).filter(([key]) => !CONFIG_KEYS.includes(key)) : [])
    return { result: v.safeParse(ConfigSchema, options), pluginOptions }
  } catch (error) {
    throw new ConfigError('(root)', `could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
}
