import { createStore, type Store } from '../store/createStore.ts'

export type ThemeMode = 'light' | 'dark'

/** The theme payload: mode plus `--portico-*` variables, applied live. */
export interface ThemeState {
  readonly themeMode: ThemeMode
  readonly themeVariables: Readonly<Record<string, string>>
}

export type ThemeStore = Store<ThemeState>

export function createThemeStore(initial: ThemeState): ThemeStore {
  return createStore(initial)
}
