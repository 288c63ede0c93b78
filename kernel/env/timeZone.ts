import { RESTRICTED_TIMEZONES } from '../constants.ts'

/** The browser's IANA time zone, or undefined where Intl cannot say. */
export function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * Whether a time zone is one of SPEC §6's nine restricted zones, where swaps and on-ramp
 * are hidden. One rule for both plugins: their manifests ask it before offering a button.
 *
 * @example
 * isRestrictedTimeZone('Asia/Shanghai') // true
 * isRestrictedTimeZone('Asia/Tokyo') // false
 */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && (RESTRICTED_TIMEZONES as readonly string[]).includes(timeZone)
}

/** Whether the visitor's browser reports a restricted time zone (SPEC §6). */
export const inRestrictedTimeZone = (): boolean => isRestrictedTimeZone(currentTimeZone())
