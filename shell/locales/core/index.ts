import { defineCatalogue } from '../../ui/catalogue.ts'
import en from './en.json'

/** The modal's own texts and the core views': they load with the modal. */
export const coreMessages = defineCatalogue('core', en, (locale) => import(`../core/${locale}.json`))
