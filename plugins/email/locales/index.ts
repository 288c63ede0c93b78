import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The email plugin's texts: they load with its body. */
export const messages = defineCatalogue('email', en, (locale) => import(`../locales/${locale}.json`))
