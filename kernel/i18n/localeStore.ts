import { createStore, type Store } from '../store/createStore.ts'
import type { Locale } from './locales.ts'

/** The kit's locale: what the modal and the elements show their texts in. */
export interface LocaleState {
  readonly locale: Locale
}

export type LocaleStore = Store<LocaleState>

export function createLocaleStore(locale: Locale): LocaleStore {
  return createStore({ locale })
}
