/**
 * The locales Portico ships and how a visitor's languages pick one. On the first screen:
 * keep it to the list and the match (the messages load later, with their views).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'he', 'fa', 'hi', 'id', 'vi', 'th', 'ja', 'ko', 'zh-CN', 'zh-TW'] as const

export type Locale = (typeof LOCALES)[number]

/** The locales written right to left: the dialog and the elements get `dir="rtl"`. */
const RIGHT_TO_LEFT: readonly Locale[] = ['ar', 'he', 'fa']

export const isRightToLeft = (locale: Locale) => RIGHT_TO_LEFT.includes(locale)

/** Chinese written in traditional script: Taiwan, Hong Kong, Macau, or a `Hant` tag. */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i

/**
 * The best of Portico's locales for a visitor's languages, in their order of preference: by
 * language (`pt-PT` → `pt-BR`), Chinese by script (`zh-HK` → `zh-TW`), else English. Each
 * language has one locale but Chinese, so a tag that names a locale exactly matches it this way too.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.split('-')[0]!.toLowerCase()
    if (language === 'zh') return TRADITIONAL_CHINESE.test(tag) ? 'zh-TW' : 'zh-CN'
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0] === language)
    if (sameLanguage) return sameLanguage
  }
  return 'en'
}

/** The browser's languages (`navigator.languages`), or English where there is no browser. */
export function browserLocale(): Locale {
  const navigator = globalThis.navigator as Navigator | undefined
  return matchLocale(navigator?.languages?.length ? navigator.languages : navigator?.language ? [navigator.language] : [])
}
