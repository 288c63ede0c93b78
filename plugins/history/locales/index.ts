import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The history plugin's texts: they load with its body. */
export const messages = defineCatalogue('history', en, (locale) => import(`../locales/${locale}.json`))
