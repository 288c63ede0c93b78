import type { Messages } from '@lingui/core'
import type { Locale } from '../../kernel/index.ts'

/**
 * One area's messages: the English, bundled with the area's code, and the loader of a
 * locale's file (`import()`, one chunk per locale). The build compiles every file to
 * Lingui's form; the keys come from the English file, so a wrong key does not compile.
 */
export interface Catalogue<Key extends string> {
  /** Names the area in warnings, e.g. `core` or `send`. */
  readonly area: string
  readonly en: Messages
  load(locale: Locale): Promise<{ default: Messages }>
  /** Only a type: the keys `t()` accepts. */
  readonly keys?: Key
}

/** The keys of a catalogue file: every field but the `$meta` header. */
export type KeysOf<File> = Exclude<keyof File & string, '$meta'>

/**
 * Declares an area's catalogue. A plugin keeps `en.json` and one `<locale>.json` a locale in
 * a folder of its own and passes the English and a loader with a template `import()`, which
 * bundlers split into one chunk a locale.
 *
 * @example
 * import en from './locales/en.json'
 * export const messages = defineCatalogue('greeter', en, (locale) => import(`./locales/${locale}.json`))
 */
export function defineCatalogue<File extends object>(area: string, en: File, load: (locale: Locale) => Promise<{ default: object }>): Catalogue<KeysOf<File>> {
  // The build's catalogue loader has compiled the file and dropped its header.
  return { area, en: en as unknown as Messages, load: load as (locale: Locale) => Promise<{ default: Messages }> }
}
