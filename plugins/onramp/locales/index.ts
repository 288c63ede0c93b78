import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The onramp plugin's texts: they load with its body. */
export const messages = defineCatalogue('onramp', en, (locale) => import(`../locales/${locale}.json`))
