import * as v from 'valibot'
import { ConfigError } from '../errors/base.ts'
import type { PluginManifest } from '../plugins/manifest.ts'
import { suggestion } from './didYouMean.ts'
import { CoreFeaturesSchema, type Features, type PluginFlag } from './features.ts'

/**
 * Flag name -> how to get the plugin that owns it ("the email plugin: import
 * { emailPlugin } from 'portico/email'"). The package entry fills this for the flags
 * of its own plugins; the kernel itself knows none.
 */
export type PluginFlagOwners = Readonly<Record<string, string>>

const CORE_FLAGS = Object.keys(CoreFeaturesSchema.entries)

/** Every flag the listed plugins define, by name; two plugins may not define the same one. */
function flagsOf(plugins: readonly PluginManifest[]): Map<string, { flag: PluginFlag; plugin: string }> {
  const flags = new Map<string, { flag: PluginFlag; plugin: string }>()
  for (const plugin of plugins) {
    for (const flag of plugin.flags ?? []) {
      const owner = flags.get(flag.name)
      if (owner || CORE_FLAGS.includes(flag.name)) {
        throw new ConfigError('plugins', `the flag features.${flag.name} is defined by both "${owner?.plugin ?? 'the kernel'}" and "${plugin.id}"`)
      }
      flags.set(flag.name, { flag, plugin: plugin.id })
    }
  }
  return flags
}

/**
 * Validates the `features` keys that belong to plugins with each plugin's own schema
 * and fills their defaults. A key no listed plugin defines is an error: it names the
 * plugin to add when the flag is a known one, else the closest known flag.
 */
export function resolvePluginFlags(
  given: Readonly<Record<string, unknown>>,
  plugins: readonly PluginManifest[],
  owners: PluginFlagOwners,
): Features {
  const flags = flagsOf(plugins)
  const features: Record<string, unknown> = { ...given }
  for (const [name, value] of Object.entries(given)) {
    if (CORE_FLAGS.includes(name)) continue
    const defined = flags.get(name)
    if (defined) {
      const result = v.safeParse(defined.flag.schema, value)
      if (!result.success) {
        // A union reports its own issue without a path; the branch that got furthest has one.
        const first = result.issues[0]
        const issue = first.issues?.find((nested) => v.getDotPath(nested)) ?? first
        const path = v.getDotPath(issue)
        throw new ConfigError(`features.${name}${path ? `.${path}` : ''}`, issue.message)
      }
      features[name] = result.output
    } else if (owners[name]) {
      throw new ConfigError(`features.${name}`, `is set, but no listed plugin provides it: add ${owners[name]}.`)
    } else {
      const known = [...CORE_FLAGS, ...flags.keys()]
      throw new ConfigError(`features.${name}`, `is not a flag of the kernel or of a listed plugin.${suggestion(name, known)}`)
    }
  }
  for (const [name, { flag }] of flags) if (!(name in given)) features[name] = flag.default
  return features as Features
}
