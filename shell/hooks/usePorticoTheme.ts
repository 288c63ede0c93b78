import type { ThemeMode, ThemeState } from '../../kernel/index.ts'
import { useKit } from '../provider/context.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'
import { afterInput } from './afterInput.ts'

export interface UsePorticoThemeReturnType extends ThemeState {
  setThemeMode(mode: ThemeMode): void
  /** Merges `--portico-*` variables into the theme; anything else throws a ConfigError. */
  setThemeVariables(variables: Readonly<Record<string, string>>): void
}

const whole = (state: ThemeState) => state

/**
 * The theme, applied live to the modal.
 *
 * @example
 * const { themeMode, setThemeMode } = usePorticoTheme()
 * setThemeMode(themeMode === 'dark' ? 'light' : 'dark')
 */
export function usePorticoTheme(): UsePorticoThemeReturnType {
  const kit = useKit('usePorticoTheme')
  const { themeMode, themeVariables } = useStoreValue(afterInput(kit.theme), whole)
  return { themeMode, themeVariables, setThemeMode: kit.setThemeMode, setThemeVariables: kit.setThemeVariables }
}
