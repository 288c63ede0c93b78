import { useEffect, useReducer } from 'react'
import type { Locale, PluginManifest, PorticoKit } from '../../kernel/index.ts'
import type { Catalogue } from '../ui/catalogue.ts'
import { catalogueLoaded, englishText, loadCatalogue, translate } from '../ui/messages.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'

type Loaded = { readonly catalogue: Catalogue<string>; readonly keys: ReadonlyMap<string, string> }

const catalogues = new WeakMap<PluginManifest, Promise<Loaded>>()
/** The catalogues that have arrived, read while rendering: a label already translatable is never shown in English first. */
const arrived = new WeakMap<PluginManifest, Loaded>()

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
      const result = { catalogue, keys }
      arrived.set(manifest, result)
      return result
    })
    catalogues.set(manifest, loaded)
  }
  return loaded
}

const translatable = (kit: PorticoKit, manifest: PluginManifest, locale: Locale) => {
  const loaded = arrived.get(manifest)
  return loaded !== undefined && catalogueLoaded(kit, loaded.catalogue, locale)
}

/**
 * The labels plugins contribute (Account tabs, wallet features, connect methods, wallet list
 * entries), in the kit's locale: from the first render once a plugin's catalogue and locale
 * file are in, else as soon as they arrive, each plugin's on its own; English for a plugin
 * without a catalogue.
 */
export function usePluginLabels(kit: PorticoKit): (label: string) => string {
  const locale = useStoreValue(kit.locale, (state) => state.locale)
  const [, arrivedNow] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    // The labels are English already: another locale loads the catalogues that translate them.
    if (locale === 'en') return
    let live = true
    for (const manifest of kit.plugins.manifests) {
      if (translatable(kit, manifest, locale)) continue
      void catalogueOf(manifest)
        ?.then(({ catalogue }) => loadCatalogue(kit, catalogue, locale))
        .then(() => live && arrivedNow())
    }
    return () => void (live = false)
  }, [kit, locale])
  return (label) => {
    if (locale === 'en') return label
    for (const manifest of kit.plugins.manifests) {
      const loaded = arrived.get(manifest)
      const key = loaded?.keys.get(label)
      // English until the plugin's locale file is in (translate's rule).
      if (loaded && key) return translate(kit, loaded.catalogue, locale, key)
    }
    return label
  }
}
