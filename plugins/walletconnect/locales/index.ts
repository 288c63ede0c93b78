import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The walletconnect plugin's texts: they load with its body. */
export const messages = defineCatalogue('walletconnect', en, (locale) => import(`../locales/${locale}.json`))
