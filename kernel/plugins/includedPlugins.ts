import type { PluginManifest } from './manifest.ts'

/**
 * The listed plugins with the ones they bring along (`includes`), each included plugin
 * just before the first plugin that needs it. A plugin the app lists wins over an
 * included one with its id, and an included plugin is added once.
 */
export function withIncludedPlugins(listed: readonly PluginManifest[]): PluginManifest[] {
  // Listed ids and those already added: either way, an included plugin of that id is left out.
  const ids = new Set(listed.map((manifest) => manifest.id))
  const result: PluginManifest[] = []
  const addIncluded = (manifest: PluginManifest) => {
    for (const included of manifest.includes ?? []) {
      if (ids.has(included.id)) continue
      ids.add(included.id)
      addIncluded(included)
      result.push(included)
    }
  }
  for (const manifest of listed) {
    addIncluded(manifest)
    result.push(manifest)
  }
  return result
}
