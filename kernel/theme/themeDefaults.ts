import { ThemeDefaults } from '../constants.ts'

/**
 * The default `--portico-*` values the modal's views and the page's elements
 * share, in one place: the dark mode (the default) and what the light mode
 * changes. The dialog's own box (background, border, radius, backdrop) is the
 * host's first-screen sheet's.
 */
export const DARK_THEME = {
  '--portico-accent': '#2563eb',
  '--portico-accent-foreground': '#ffffff',
  '--portico-foreground': '#f2f2f2',
  '--portico-muted': '#9b9b9b',
  '--portico-surface': '#1f1f1f',
  '--portico-surface-hover': '#2a2a2a',
  '--portico-error': '#f25a67',
  '--portico-success': '#26d962',
  '--portico-font-family': `${ThemeDefaults.fontFamily}, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
  '--portico-font-size-base': ThemeDefaults.fontSize,
  '--portico-z-index': String(ThemeDefaults.zIndex),
} as const

export type ThemeProperty = keyof typeof DARK_THEME

export const LIGHT_THEME: Partial<Record<ThemeProperty, string>> = {
  '--portico-foreground': '#141414',
  '--portico-muted': '#6b6b6b',
  '--portico-surface': '#f3f3f3',
  '--portico-surface-hover': '#e8e8e8',
}

/**
 * `:host` rules giving `names` (every property by default) their default
 * values, with the light mode under `:host([data-theme='light'])`; a shadow
 * root's sheet starts with them, and the integrator's inline properties on the
 * host element win over both.
 */
export function themeDefaultsCss(names: readonly ThemeProperty[] = Object.keys(DARK_THEME) as ThemeProperty[]): string {
  const declarations = (values: Partial<Record<ThemeProperty, string>>) => names.flatMap((name) => (values[name] === undefined ? [] : [`${name}: ${values[name]};`])).join(' ')
  return `:host { ${declarations(DARK_THEME)} }\n:host([data-theme='light']) { ${declarations(LIGHT_THEME)} }\n`
}
