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
  const [loaded, setLoaded] = useState<readonly Loaded[]>([])
  const locale = useStoreValue(kit.locale, (state) => state.locale)
  // The labels are English already: another locale loads the catalogues that translate them.
  const translated = locale !== 'en'
  useEffect(() => {
    if (!translated) return
    let live = true
    const pending = kit.plugins.manifests.map(catalogueOf).filter((load) => load !== undefined)
    void Promise.all(pending).then((all) => live && setLoaded(all))
    return () => void (live = false)
  }, [kit, translated])
  const [, rerender] = useState(0)
  useEffect(() => {
    let live = true
    void Promise.all(loaded.map(({ catalogue }) => loadCatalogue(kit, catalogue, locale))).then(() => live && rerender((n) => n + 1))
    return () => void (live = false)
  }, [kit, loaded, locale])
  return (label) => {
    if (!translated) return label
    for (const { catalogue, keys } of loaded) {
      const key = keys.get(label)
      if (key) return translate(kit, catalogue, locale, key)
    }
    return label
  }
}
