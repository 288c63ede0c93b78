import { vi } from 'vitest'

/**
 * Makes Intl report `timeZone` as the browser's zone, as Chromium's timezone emulation does,
 * for tests of rules that depend on where the visitor is (SPEC §6). Undone by vi.restoreAllMocks().
 */
export function reportTimeZone(timeZone: string): void {
  const real = Intl.DateTimeFormat
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
    const format = new real(...args)
    const resolved = format.resolvedOptions()
    return Object.assign(format, { resolvedOptions: () => ({ ...resolved, timeZone }) })
  }) as unknown as typeof Intl.DateTimeFormat)
}
