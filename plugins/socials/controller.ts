import * as v from 'valibot'
import { Alerts, type AlertService, type ModalService, type PendingRequests, type PorticoStorage, type SnackService } from '../../kernel/index.ts'
import { SOCIAL_PROVIDERS } from '../../protocol/socialProviders.ts'
import type { SocialAuth, SocialLoginProvider, SocialRequestOptions } from './authPort.ts'
import { SOCIAL_POPUP_NAME } from './contract.ts'
import { takeTelegramResult } from './telegram.ts'
import { connectLoggedIn } from './connectLoggedIn.ts'
import type { SocialsStore } from './state.ts'

const PendingProvider = v.picklist(SOCIAL_PROVIDERS)

/** How often the popup is looked at: whether it was closed. */
const POPUP_POLL_MS = 250
/** The provider of a login that left the page by redirect, kept in this tab until it comes back. */
const PENDING_KEY = '@portico/social_pending'

export interface SocialControllerDeps {
  readonly auth: SocialAuth
  readonly storage: PorticoStorage
  readonly state: SocialsStore
  readonly alerts: AlertService
  readonly snack: SnackService
  readonly pending: PendingRequests
  readonly modal: Pick<ModalService, 'setLoading'>
  readonly win: Window
  readonly flow: 'popup' | 'redirect'
}

export interface SocialController {
  /**
   * Starts a login from a click. It must run inside the click handler: the popup is opened
   * before anything is awaited, so popup blockers let it through. Resolves when the login
   * is done, cancelled (the popup closed) or failed; rejects with the text to show.
   */
  start(provider: SocialLoginProvider): Promise<void>
  /** After a full-page redirect back from the provider: finishes the login, and clears the address bar. */
  resumeRedirect(): Promise<void>
  /**
   * A Telegram mini app reopened with result_uri (the address holding the provider's answer):
   * finishes the login, and takes the parameter out of the address bar. A failure is logged and
   * loading cleared; it does not reject.
   */
  resumeTelegram(): Promise<void>
}

const TELEGRAM_FAILED = 'Portico: Telegram social login failed:'
const Uri = v.pipe(v.string(), v.maxLength(4096), v.url())

export function createSocialController(deps: SocialControllerDeps): SocialController {
  const { auth, storage, state, alerts, snack, win } = deps

  /** One frame request: 30 s, then the SOCIALS_TIMEOUT alert; closing the modal aborts it. */
  async function timed<T>(run: (options: SocialRequestOptions) => Promise<T>, signal: AbortSignal): Promise<T> {
    const onTimeout = () => alerts.report(Alerts.SOCIALS_TIMEOUT, 'error', { once: false })
    return run({ timeoutMs: auth.requestTimeoutMs, onTimeout, signal })
  }

  /** Runs `body` with an abort signal the modal's close (pending requests) fires. */
  async function tracked<T>(body: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    const untrack = deps.pending.add(() => controller.abort())
    try {
      return await body(controller.signal)
    } finally {
      untrack()
    }
  }

  const setSocialWindow = (popup: Window | undefined) => state.set({ popup })

  /**
   * Resolves true once the popup is closed (by its own page, after the frame got the result, or
   * by the visitor), false when aborted. The popup is on the frame server's origin and then the
   * provider's: this page never reads it.
   */
  function closed(popup: Window, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearInterval(timer)
        signal.removeEventListener('abort', abort)
        resolve(value)
      }
      const abort = () => done(false)
      const timer = setInterval(() => popup.closed && done(true), POPUP_POLL_MS)
      signal.addEventListener('abort', abort, { once: true })
    })
  }

  /** The frame redeems the login's result for a session; the kit then connects through it. No result: a cancel. */
  async function finish(provider: SocialLoginProvider, uri: string, signal: AbortSignal): Promise<void> {
    const user = await timed((options) => auth.connectSocial(uri, options), signal)
    if (user) await connectLoggedIn({ auth, storage, snack }, provider, user.userName)
  }

  /** The current page without a fragment: where a redirect-flow login comes back to (it must be one of the project's registered return URLs). */
  const returnUrl = () => {
    const url = new URL(win.location.href)
    url.hash = ''
    return url.href
  }

  async function redirect(provider: SocialLoginProvider, signal: AbortSignal): Promise<void> {
    const uri = await timed((options) => auth.getSocialRedirectUri(provider, returnUrl(), options), signal)
    win.sessionStorage.setItem(PENDING_KEY, provider)
    win.location.assign(uri)
  }

  return {
    start(provider) {
      // Synchronously, inside the click: a popup opened after an await is blocked.
      const popup = deps.flow === 'popup' ? win.open('', SOCIAL_POPUP_NAME, 'popup,width=480,height=640') : null
      return tracked(async (signal) => {
        if (!popup) return redirect(provider, signal)
        setSocialWindow(popup)
        try {
          // Only ever an address on the frame server's origin; the answer goes from there to the frame.
          const uri = await timed((options) => auth.getSocialRedirectUri(provider, undefined, options), signal)
          popup.location.href = uri
          if (await closed(popup, signal)) await finish(provider, uri, signal)
        } finally {
          if (!popup.closed) popup.close()
          setSocialWindow(undefined)
        }
      })
    },
    async resumeRedirect() {
      const href = win.location.href
      const url = new URL(href)
      url.hash = ''
      win.history.replaceState(win.history.state, '', url.href)
      const pending = v.safeParse(PendingProvider, win.sessionStorage.getItem(PENDING_KEY))
      win.sessionStorage.removeItem(PENDING_KEY)
      if (!pending.success) return
      await tracked((signal) => finish(pending.output, href, signal))
    },
    async resumeTelegram() {
      const result = v.safeParse(Uri, takeTelegramResult(win))
      const pending = v.safeParse(PendingProvider, win.sessionStorage.getItem(PENDING_KEY))
      win.sessionStorage.removeItem(PENDING_KEY)
      if (!result.success || !pending.success) {
        console.error(TELEGRAM_FAILED, result.success ? 'no social login was started in this tab' : 'result_uri is not an address')
        return
      }
      deps.modal.setLoading(true)
      try {
        await tracked((signal) => finish(pending.output, result.output, signal))
      } catch (error) {
        console.error(TELEGRAM_FAILED, error instanceof Error ? error.message : String(error))
      } finally {
        deps.modal.setLoading(false)
      }
    },
  }
}
