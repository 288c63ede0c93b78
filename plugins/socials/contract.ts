import { SOCIAL_RESULT_PARAM } from '../../protocol/socialResultParam.ts'

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The popup's window name: the app, loaded in it on the way back, knows it is not the one to finish the login. */
export const SOCIAL_POPUP_NAME = 'portico-social'

/** The query parameter a Telegram mini app is reopened with after a social login: the address holding the provider's answer (SPEC §2). */
export const TELEGRAM_RESULT_PARAM = 'result_uri'

/** This page is a Telegram mini app reopened after a social login. */
export function isTelegramReturn(win: Window | undefined): boolean {
  return Boolean(win?.location && new URLSearchParams(win.location.search).has(TELEGRAM_RESULT_PARAM))
}

/** This page was opened by the frame server's callback after a full-page redirect (not inside the popup). */
export function isSocialRedirectReturn(win: Window | undefined): boolean {
  if (!win?.location) return false
  if (win.opener && win.name === SOCIAL_POPUP_NAME) return false
  return new URLSearchParams(win.location.hash.slice(1)).has(SOCIAL_RESULT_PARAM)
}
