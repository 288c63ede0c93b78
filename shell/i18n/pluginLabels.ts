import { useEffect, useState } from 'react'
import type { PluginManifest, PorticoKit } from '../../kernel/index.ts'
import type { Catalogue } from '../ui/catalogue.ts'
import { englishText, loadCatalogue, translate } from '../ui/messages.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'

type Loaded = { readonly catalogue: Catalogue<string>; readonly keys: ReadonlyMap<string, string> }

const catalogues = new WeakMap<PluginManifest, Promise<Loaded>>()

/** A plugin's catalogue and, for each English text, its first key: how a contributed label finds its message. */
function catalogueOf(manifest: PluginManifest): Promise<Loaded> | undefined {
  if (!manifest.messages) return undefined
  let loaded = catalogues.get(manifest)
  if (!loaded) {
    loaded = manifest.messages().then(({ messages }) => {
      const catalogue = messages as Catalogue<string>
      const keys = new Map<string, string>()
      for (const key of Object.keys(catalogue.en)) {
        const text = englishText(catalogue, key)
        if (!keys.has(text)) keys.set(text, key)
      }
      return { catalogue, keys }
    })
    catalogues.set(manifest, loaded)
  }
  return loaded
}

/**
 * The labels plugins contribute (Account tabs, wallet features, connect methods, wallet list
 * entries), in the kit's locale once the plugins' catalogues have loaded; in English until then
 * or for a plugin without one.
 */
export function usePluginLabels(kit: PorticoKit): (label: string) => string {
  const locale = useStoreValue(kit.locale, (state) => state.locale)
  const [loaded, setLoaded] = useState<readonly Loaded[]>([])
  useEffect(() => {
    // The labels are English already: another locale loads the catalogues that translate them.
    if (locale === 'en') return
    let live = true
    const pending = kit.plugins.manifests.map(catalogueOf).filter((load) => load !== undefined)
    void Promise.all(pending).then(async (all) => {
      await Promise.all(all.map(({ catalogue }) => loadCatalogue(kit, catalogue, locale)))
      if (live) setLoaded(all)
    })
    return () => void (live = false)
  }, [kit, locale])
  return (label) => {
    if (locale === 'en') return label
    for (const { catalogue, keys } of loaded) {
      const key = keys.get(label)
      if (key) return translate(kit, catalogue, locale, key)
    }
    return label
  }
}
