import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Locale, PorticoKit, ViewDefinition } from '../../kernel/index.ts'
import { useStoreValue } from './useStoreValue.ts'
import type { Catalogue } from './catalogue.ts'

export type Values = Readonly<Record<string, unknown>>

/** Formats one message of a catalogue in the kit's locale. */
export type Translate<Key extends string> = (key: Key, values?: Values) => string

/** One kit's messages: a Lingui instance per locale but English (one for every kit), the areas each has loaded, and who listens. */
interface KitMessages {
  readonly instances: Map<Locale, I18n>
  /** `area:locale` → the load, settled or not. */
  readonly loads: Map<string, Promise<void>>
  readonly loaded: Set<string>
  readonly listeners: Set<() => void>
}

const kits = new WeakMap<PorticoKit, KitMessages>()

function messagesOf(kit: PorticoKit): KitMessages {
  let state = kits.get(kit)
  if (!state) kits.set(kit, (state = { instances: new Map(), loads: new Map(), loaded: new Set(), listeners: new Set() }))
  return state
}

function instance(state: KitMessages, locale: Locale): I18n {
  let i18n = state.instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } })
    state.instances.set(locale, i18n)
  }
  return i18n
}

function settle(state: KitMessages, id: string, locale: Locale, messages: Messages) {
  instance(state, locale).load(locale, messages)
  state.loaded.add(id)
  for (const listener of state.listeners) listener()
}

/** Whether an area's messages are in for a locale (English always is). */
export const catalogueLoaded = (kit: PorticoKit, catalogue: Catalogue<string>, locale: Locale) => locale === 'en' || messagesOf(kit).loaded.has(`${catalogue.area}:${locale}`)

/**
 * Loads an area's messages in a locale (English is bundled and always there). Keys the locale's
 * file lacks show in English, with a warning in development builds; a file that fails to load
 * leaves the whole area in English.
 */
export function loadCatalogue(kit: PorticoKit, catalogue: Catalogue<string>, locale: Locale): Promise<void> {
  const state = messagesOf(kit)
  const id = `${catalogue.area}:${locale}`
  if (locale === 'en') return Promise.resolve()
  let load = state.loads.get(id)
  if (!load) {
    load = catalogue.load(locale).then(
      ({ default: translated }) => {
        if (process.env.NODE_ENV !== 'production') {
          const missing = Object.keys(catalogue.en).filter((key) => !(key in translated))
          if (missing.length) console.warn(`[Portico] ${locale} lacks ${missing.length} ${catalogue.area} message(s), shown in English: ${missing.join(', ')}`)
        }
        settle(state, id, locale, { ...catalogue.en, ...translated })
      },
      (error: unknown) => {
        console.warn(`[Portico] the ${locale} messages of ${catalogue.area} did not load; they show in English`, error)
        settle(state, id, locale, catalogue.en)
      },
    )
    state.loads.set(id, load)
  }
  return load
}

/** Formats `key` of `catalogue` in `locale`, in English until that locale's file has loaded. */
export function translate(kit: PorticoKit, catalogue: Catalogue<string>, locale: Locale, key: string, values?: Values): string {
  if (locale === 'en' || !catalogueLoaded(kit, catalogue, locale)) return englishText(catalogue, key, values)
  return instance(messagesOf(kit), locale)._(key, values as Record<string, unknown>)
}

/**
 * The `t()` of a view: messages of `catalogue` in the kit's locale, re-rendering when the
 * locale changes or its file arrives. Plugins get it from `portico/ui`.
 *
 * @example
 * const t = useMessages(kit, messages)
 * return <Text>{t('greeter.hello', { name })}</Text>
 */
export function useMessages<Key extends string>(kit: PorticoKit, catalogue: Catalogue<Key>): Translate<Key> {
  const locale = useStoreValue(kit.locale, (state) => state.locale)
  const state = messagesOf(kit)
  const ready = useSyncExternalStore(
    (listener) => {
      state.listeners.add(listener)
      return () => void state.listeners.delete(listener)
    },
    () => catalogueLoaded(kit, catalogue, locale),
  )
  useEffect(() => {
    if (!ready) void loadCatalogue(kit, catalogue, locale)
  }, [kit, catalogue, locale, ready])
  return useMemo(() => (key: Key, values?: Values) => translate(kit, catalogue, ready ? locale : 'en', key, values), [kit, catalogue, locale, ready])
}

/** A message in English, formatted without the kit: the text code and tests compare. */
export function englishText<Key extends string>(catalogue: Catalogue<Key>, key: Key, values?: Values): string {
  // Loading copies every message loaded so far: once an area, not once a text.
  if (!(key in english.messages)) english.load('en', catalogue.en)
  return english._(key, values as Record<string, unknown>)
}

const english = setupI18n({ locale: 'en', messages: { en: {} } })

/** A view's title in the kit's locale: its message when it has one, else its English title. */
export function useViewTitle(kit: PorticoKit, definition: ViewDefinition | undefined): string | undefined {
  const message = definition?.titleMessage as { catalogue: Catalogue<string>; key: string } | undefined
  const t = useMessages(kit, message?.catalogue ?? EMPTY)
  return message ? t(message.key) : definition?.title
}

/** Stands in for "no catalogue" so a view without a title message calls the same hooks. */
const EMPTY: Catalogue<string> = { area: '', en: {}, load: () => Promise.resolve({ default: {} }) }

/** The `t()` a catalogue gives, for a component that receives it as a prop. */
export type TranslateOf<C> = Translate<C extends Catalogue<infer Key> ? Key : never>
