import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The portfolio plugin's texts: they load with its body. */
export const messages = defineCatalogue('portfolio', en, (locale) => import(`../locales/${locale}.json`))
