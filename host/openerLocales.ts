import type { Locale } from '../kernel/index.ts'

/** The loader of every locale's opener texts, one chunk a locale, behind one more import() so the first screen carries none of them. */
export const loadOpenerMessages = (locale: Locale): Promise<object> => import(`./locales/${locale}.json`).then((module: { default: object }) => module.default)
