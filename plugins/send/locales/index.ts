import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The send plugin's texts: they load with its body. */
export const messages = defineCatalogue('send', en, (locale) => import(`../locales/${locale}.json`))
