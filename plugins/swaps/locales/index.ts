import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The swaps plugin's texts: they load with its body. */
export const messages = defineCatalogue('swaps', en, (locale) => import(`../locales/${locale}.json`))
