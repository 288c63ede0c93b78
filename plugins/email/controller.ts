import { type PendingRequests, type PorticoStorage, type Router, SnackText, type SnackService } from '../../kernel/index.ts'
import type { EmailAuth, EmailRequestOptions } from './authPort.ts'
import { messageOf } from './routeData.ts'

export interface EmailController {
  readonly auth: EmailAuth
  readonly router: Router
  readonly snack: SnackService
  /**
   * Runs one login request to the frame: it times out after 30 s (`onTimeout` runs,
   * then the request is aborted); closing the modal, or `cancel` (the view went away), aborts it too.
   */
  timed<T>(run: (options: EmailRequestOptions) => Promise<T>, onTimeout: () => void, cancel?: AbortSignal): Promise<T>
  /** Starts (or restarts, for a new code) an email login, timed; the time it went out is kept (SPEC §3's last email login time). */
  connectEmail(email: string, onTimeout: () => void): ReturnType<EmailAuth['connectEmail']>
  /** After the code: remembers the email login, shows 'Authenticating...' and connects the kit. */
  finishLogin(email: string): Promise<void>
}

export interface EmailControllerDeps {
  readonly auth: EmailAuth
  readonly router: Router
  readonly snack: SnackService
  readonly storage: PorticoStorage
  readonly pending: PendingRequests
}

export function createEmailController(deps: EmailControllerDeps): EmailController {
  const { auth, storage, snack } = deps
  const emailController: EmailController = {
    auth,
    router: deps.router,
    snack,
    async timed(run, onTimeout, cancel) {
      const controller = new AbortController()
      const abort = () => controller.abort()
      const untrack = deps.pending.add(abort)
      cancel?.addEventListener('abort', abort, { once: true })
      try {
        return await run({ timeoutMs: auth.requestTimeoutMs, onTimeout, signal: controller.signal })
      } finally {
        untrack()
        cancel?.removeEventListener('abort', abort)
      }
    },
    async connectEmail(email, onTimeout) {
      const answer = await emailController.timed((options) => auth.connectEmail(email, options), onTimeout)
      storage.set('frameLastEmailLoginTime', Date.now())
      return answer
    },
    async finishLogin(email) {
      storage.set('frameEmailLoginUsed', true)
      storage.set('frameEmail', email)
      storage.remove('frameLastEmailLoginTime')
      snack.showLoading(SnackText.AUTHENTICATING)
      try {
        await auth.connect()
        snack.hide()
      } catch (error) {
        snack.showError(messageOf(error))
        throw error
      }
    },
  }
  return emailController
}
