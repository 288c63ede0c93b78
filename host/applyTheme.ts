import type { ThemeState } from '../kernel/index.ts'

const THEME_PROPERTY = /^--portico-[a-z0-9-]+$/

/**
 * Puts the theme on the host element: the mode as `data-theme`, variables as
 * custom properties through CSSOM (allowed under a strict CSP, unlike a
 * `style` attribute in markup). Returns the properties it set, so the next
 * call removes those that are gone.
 */
export function applyTheme(host: HTMLElement, theme: ThemeState, previous: readonly string[] = []): string[] {
  host.dataset.theme = theme.themeMode
  // The kernel validates variables; the check here keeps this function safe on its own.
  const names = Object.keys(theme.themeVariables).filter((name) => THEME_PROPERTY.test(name))
  for (const name of previous) if (!names.includes(name)) host.style.removeProperty(name)
  for (const name of names) host.style.setProperty(name, theme.themeVariables[name] ?? '')
  return names
}
