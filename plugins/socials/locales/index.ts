import { defineCatalogue } from '../../../shell/ui/index.ts'
import en from './en.json'

/** The socials plugin's texts: they load with its body. */
export const messages = defineCatalogue('socials', en, (locale) => import(`../locales/${locale}.json`))
