import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The names plugin's texts: they load with its body. */
export const messages = defineCatalogue('names', en, (locale) => import(`../locales/${locale}.json`))
