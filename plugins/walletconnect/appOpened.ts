/**
 * How long a phone gets to switch to the wallet app after its deep link: an app that opens
 * hides the page (or takes its focus) well within it; a link no app answers leaves it in view.
 */
export const APP_OPEN_WAIT_MS = 3_000

/**
 * Resolves true once the page is hidden or loses focus (the wallet app came up), false when
 * `waitMs` passed with the page still in view. Browsers say nothing when a deep link's
 * scheme has no app, so the page staying visible is the only sign.
 */
export function whenAppOpens(win: Window, waitMs: number = APP_OPEN_WAIT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (opened: boolean) => {
      win.clearTimeout(timer)
      win.document.removeEventListener('visibilitychange', onVisibility)
      win.removeEventListener('blur', onLeave)
      win.removeEventListener('pagehide', onLeave)
      resolve(opened)
    }
    const onVisibility = () => {
      if (win.document.visibilityState === 'hidden') done(true)
    }
    const onLeave = () => done(true)
    const timer = win.setTimeout(() => done(false), waitMs)
    win.document.addEventListener('visibilitychange', onVisibility)
    win.addEventListener('blur', onLeave)
    win.addEventListener('pagehide', onLeave)
  })
}
