import type { Locale, PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from './useStoreValue.ts'

const selectLocale = (state: { readonly locale: Locale }) => state.locale

/** The kit's locale, re-rendering on `kit.setLocale()`: what amounts, dates and percentages are formatted in. */
export function useLocale(kit: PorticoKit): Locale {
  return useStoreValue(kit.locale, selectLocale)
}
