import type * as v from 'valibot'
import { ConfigError } from '../errors/base.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { type PluginKeyOwners, ownedKeys, resolveOwnedKeys } from './pluginKeys.ts'

/**
 * Top-level config keys a plugin owns (`contributes.config`), validated like its flags:
 * each with its valibot schema, a bad value a ConfigError naming the key. A key left out
 * gets what its schema gives `undefined` (a default with `v.optional(schema, value)`).
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

const OPTION = { path: (key: string) => key, unknown: 'is not a Portico option.' }

/**
 * Validates the top-level options that are not the kernel's with the schema of the listed
 * plugin that owns each, then each plugin's rule across its keys.
 */
export function resolvePluginConfig(
  given: Readonly<Record<string, unknown>>,
  kernelKeys: readonly string[],
  plugins: readonly PluginManifest[],
  owners: PluginKeyOwners,
): PluginConfigValues {
  const keys = ownedKeys(
    plugins.flatMap((plugin) => Object.entries(plugin.contributes.config?.keys ?? {}).map(([key, schema]) => [key, { plugin: plugin.id, schema }] as const)),
    kernelKeys,
    OPTION,
  )
  // A key left out is checked as undefined, so its schema fills its default or says it is required.
  const values = resolveOwnedKeys({ ...Object.fromEntries([...keys.keys()].map((key) => [key, undefined])), ...given }, keys, kernelKeys, owners, OPTION)
  for (const plugin of plugins) {
    const broken = plugin.contributes.config?.check?.(values)
    if (broken) throw new ConfigError(broken.key, broken.reason)
  }
  return values
}
