import * as v from 'valibot'
import { ConfigError } from '../errors/base.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { suggestion } from './didYouMean.ts'
import type { PluginFlagOwners } from './pluginFlags.ts'

/**
 * Top-level config keys a plugin owns (`contributes.config`), validated like its flags:
 * each with its valibot schema, a bad value a ConfigError naming the key. An absent key
 * stays absent (a plugin's schema may fill a default with `v.optional`).
 *
 * @example
 * contributes: { config: { keys: { greeting: v.optional(v.string(), 'Hello') } } }
 */
export interface PluginConfigContribution {
  readonly keys: Readonly<Record<string, v.GenericSchema>>
  /** A rule across the plugin's keys once each passed its schema: the key to name and why, or nothing. */
  readonly check?: (values: Readonly<Record<string, unknown>>) => { readonly key: string; readonly reason: string } | undefined
}

/** The values of the keys plugins own, by key; what `PorticoConfig` carries beside the kernel's own. */
export type PluginConfigValues = { readonly [key: string]: unknown }

/** Every key the listed plugins own, with its schema and plugin; a key is owned once, never a kernel key. */
function keysOf(plugins: readonly PluginManifest[], kernelKeys: readonly string[]): Map<string, { schema: v.GenericSchema; plugin: string }> {
  const keys = new Map<string, { schema: v.GenericSchema; plugin: string }>()
  for (const plugin of plugins) {
    for (const [key, schema] of Object.entries(plugin.contributes.config?.keys ?? {})) {
      const owner = keys.get(key)
      if (owner || kernelKeys.includes(key)) {
        throw new ConfigError('plugins', `the option ${key} is defined by both "${owner?.plugin ?? 'the kernel'}" and "${plugin.id}"`)
      }
      keys.set(key, { schema, plugin: plugin.id })
    }
  }
  return keys
}

/**
 * Validates the top-level options that are not the kernel's (`options`) with the schema of
 * the listed plugin that owns each, then each plugin's rule across its keys. A key no listed plugin
 * owns is an error: it names the plugin to add when the key is a known one, else the
 * closest option.
 */
export function resolvePluginConfig(
  options: Readonly<Record<string, unknown>>,
  kernelKeys: readonly string[],
  plugins: readonly PluginManifest[],
  owners: PluginFlagOwners,
): PluginConfigValues {
  const keys = keysOf(plugins, kernelKeys)
  const values: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(options)) {
    const owned = keys.get(key)
    if (owned) {
      const result = v.safeParse(owned.schema, value)
      if (!result.success) {
        const path = v.getDotPath(result.issues[0])
        throw new ConfigError(path ? `${key}.${path}` : key, result.issues[0].message)
      }
      if (result.output !== undefined) values[key] = result.output
    } else if (owners[key]) {
      throw new ConfigError(key, `is set, but no listed plugin provides it: add ${owners[key]}.`)
    } else {
      throw new ConfigError(key, `is not a Portico option.${suggestion(key, [...kernelKeys, ...keys.keys()])}`)
    }
  }
  for (const plugin of plugins) {
    const config = plugin.contributes.config
    if (!config) continue
    // Keys left out get what their schema fills (a default), as flags get theirs.
    for (const [key, schema] of Object.entries(config.keys)) {
      if (key in options) continue
      const filled = v.safeParse(schema, undefined)
      if (filled.success && filled.output !== undefined) values[key] = filled.output
    }
    const broken = config.check?.(values)
    if (broken) throw new ConfigError(broken.key, broken.reason)
  }
  return values
}
