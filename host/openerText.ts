import { type Locale, type PorticoKit, isRightToLeft } from '../kernel/index.ts'
// The attribute makes this import its own module for the bundler, so English is inlined here
// rather than shared with the other locales' loader as one more first-screen chunk.
import en from './locales/en.json' with { type: 'json' }

/** What the openers say (the button and the elements): the first screen's only texts. */
export type OpenerKey = Exclude<keyof typeof en, '$meta'>

type Compiled = readonly (string | readonly [string])[]
type OpenerMessages = Readonly<Record<OpenerKey, Compiled>>

const english = en as unknown as OpenerMessages
const loaded = new Map<Locale, OpenerMessages>()

/**
 * Formats an opener text in `locale`, in English until that locale's file has loaded. The
 * texts only take arguments (the locale check refuses plurals here), so a few bytes format
 * them: @lingui/core loads with the modal, not on the first screen.
 */
export function openerText(locale: Locale, key: OpenerKey, values: Readonly<Record<string, string>> = {}): string {
  const message = (loaded.get(locale) ?? english)[key] ?? english[key]
  return message.map((part) => (typeof part === 'string' ? part : (values[part[0]] ?? ''))).join('')
}

/** Calls `render` now and whenever the kit's locale changes, once that locale's opener texts are in. */
export function followOpenerLocale(kit: PorticoKit, render: () => void): () => void {
  const follow = ({ locale }: { readonly locale: Locale }) => {
    if (locale === 'en' || loaded.has(locale)) return render()
    void import('./openerLocales.ts')
      .then(({ loadOpenerMessages }) => loadOpenerMessages(locale))
      .then((messages) => {
        loaded.set(locale, messages as unknown as OpenerMessages)
        render()
      }, render)
  }
  follow(kit.locale.get())
  return kit.locale.subscribe(follow)
}

/** The locale's language and direction on an element: `dir="rtl"` for ar, he and fa. */
export function applyLocale(element: HTMLElement, locale: Locale): void {
  element.lang = locale
  element.dir = isRightToLeft(locale) ? 'rtl' : 'ltr'
}
