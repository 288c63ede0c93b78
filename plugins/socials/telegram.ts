import type { Environment, SocialOption } from '../../kernel/index.ts'
import { TELEGRAM_RESULT_PARAM } from './contract.ts'

/**
 * The socials shown: inside a Telegram mini app some providers refuse its web view, so it
 * hides google on iOS, x on Mac, and facebook and x on Android (SPEC §5). The platform is read
 * from the user agent, as the kit's environment reads iOS.
 */
export function visibleSocials(socials: readonly SocialOption[], environment: Pick<Environment, 'isTelegram'>, userAgent: string): SocialOption[] {
  if (!environment.isTelegram()) return [...socials]
  const hidden = new Set<SocialOption>()
  if (/iPhone|iPad|iPod/.test(userAgent)) hidden.add('google')
  else if (/Macintosh|Mac OS X/.test(userAgent)) hidden.add('x')
  if (/Android/.test(userAgent)) ['facebook', 'x'].forEach((provider) => hidden.add(provider as SocialOption))
  return socials.filter((social) => !hidden.has(social))
}

/** Takes result_uri out of the address (and the address bar, without a navigation); returns its value. */
export function takeTelegramResult(win: Window): string | undefined {
  const url = new URL(win.location.href)
  const result = url.searchParams.get(TELEGRAM_RESULT_PARAM) ?? undefined
  url.searchParams.delete(TELEGRAM_RESULT_PARAM)
  win.history.replaceState(win.history.state, '', url.href)
  return result
}
