import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The auth plugin's texts: they load with its body. */
export const messages = defineCatalogue('auth', en, (locale) => import(`../locales/${locale}.json`))
