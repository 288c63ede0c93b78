import type { ModalService, PendingRequests, Router } from '../../kernel/index.ts'
import type { FrameSession } from './frameSession.ts'
import { enterFrameView, leaveFrameView } from './frameView.ts'

/** The view the visitor approves a new device in; the frame shows over its box. */
export const DEVICE_VIEW = 'ApproveDevice'

export interface DeviceConsentDeps {
  readonly frame: Pick<FrameSession, 'request' | 'hide'>
  readonly modal: ModalService
  readonly router: Router
  readonly pending: PendingRequests
}

/**
 * The existing device's consent for a new one. When the frame says devices wait
 * (DEVICE_PENDING), the modal opens on the device view, which shows the frame, and the frame
 * asks its visitor in its own panel (REVIEW_DEVICES): the approval comes from the frame's
 * origin, where no script of this page can click for the visitor. Closing the modal drops
 * the question; the server's delay still runs and the account was told by mail.
 */
export function createDeviceConsent(deps: DeviceConsentDeps) {
  let reviewing: Promise<void> | undefined

  async function review(): Promise<void> {
    const controller = new AbortController()
    const untrack = deps.pending.add(() => controller.abort())
    enterFrameView(deps, DEVICE_VIEW)
    try {
      await deps.frame.request('REVIEW_DEVICES', undefined, { signal: controller.signal })
    } finally {
      untrack()
      leaveFrameView(deps, DEVICE_VIEW)
    }
  }

  return {
    /** Asks about the waiting devices, once at a time. */
    review(): Promise<void> {
      reviewing ??= review()
        .catch(() => undefined)
        .finally(() => (reviewing = undefined))
      return reviewing
    },
  }
}
