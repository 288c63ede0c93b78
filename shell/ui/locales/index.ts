import { defineCatalogue } from '../catalogue.ts'
import en from './en.json'

/** The ui kit's own texts (Copy) and the kernel's catalogue texts it shows (snacks, alerts, errors). */
export const uiMessages = defineCatalogue('ui', en, (locale) => import(`../locales/${locale}.json`))
