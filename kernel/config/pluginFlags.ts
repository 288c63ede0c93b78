import type { PluginManifest } from '../plugins/manifest.ts'
import { CoreFeaturesSchema, type Features } from './features.ts'
import { type PluginKeyOwners, ownedKeys, resolveOwnedKeys } from './pluginKeys.ts'

/** Where each well-known flag comes from (see `PluginKeyOwners`). */
export type PluginFlagOwners = PluginKeyOwners

const CORE_FLAGS = Object.keys(CoreFeaturesSchema.entries)
const FLAG = { path: (name: string) => `features.${name}`, unknown: 'is not a flag of the kernel or of a listed plugin.' }

/**
 * Validates the `features` keys that belong to plugins with each plugin's own schema
 * and fills their defaults. A key no listed plugin defines is an error: it names the
 * plugin to add when the flag is a known one, else the closest known flag.
 */
export function resolvePluginFlags(given: Readonly<Record<string, unknown>>, plugins: readonly PluginManifest[], owners: PluginFlagOwners): Features {
  const flags = ownedKeys(
    plugins.flatMap((plugin) => (plugin.flags ?? []).map((flag) => [flag.name, { plugin: plugin.id, schema: flag.schema, fill: () => flag.default }] as const)),
    CORE_FLAGS,
    FLAG,
  )
  return { ...given, ...resolveOwnedKeys(given, flags, CORE_FLAGS, owners, FLAG) } as Features
}
