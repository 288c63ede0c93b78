import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The receive plugin's texts: they load with its body. */
export const messages = defineCatalogue('receive', en, (locale) => import(`../locales/${locale}.json`))
