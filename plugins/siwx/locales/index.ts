import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The siwx plugin's texts: they load with its body. */
export const messages = defineCatalogue('siwx', en, (locale) => import(`../locales/${locale}.json`))
