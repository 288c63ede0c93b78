import * as v from 'valibot'
import { SOCIAL_RESULT_ACK, SocialResultMessageSchema } from '../../../protocol/frameProtocol.ts'

/** The parts of `window` the inbox uses (a test passes its own). */
export interface InboxWindow {
  readonly location: { readonly origin: string }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/** Where a popup login's result secret arrives: from the popup's page, on this frame's own origin. */
export interface SocialResultInbox {
  /** A popup login started: accept its result (one), dropping anything earlier. */
  expect(): void
  /** The result received since expect(), once; undefined when none came (the popup was closed). */
  take(): string | undefined
}

/**
 * Listens for the popup flow's SOCIAL_RESULT. Only a window of this origin can send it (the
 * frame server's callback page in the popup; the host page cannot), and only while a popup
 * login is pending; the sender gets an ack, addressed to this origin, so it may close.
 */
export function createSocialResultInbox(win: InboxWindow): SocialResultInbox {
  let pending = false
  let result: string | undefined
  win.addEventListener('message', (event) => {
    if (!pending || event.origin !== win.location.origin) return
    const parsed = v.safeParse(SocialResultMessageSchema, event.data)
    if (!parsed.success) return
    pending = false
    result = parsed.output.result
    ;(event.source as Window | null)?.postMessage({ type: SOCIAL_RESULT_ACK }, win.location.origin)
  })
  return {
    expect() {
      pending = true
      result = undefined
    },
    take() {
      const taken = result
      pending = false
      result = undefined
      return taken
    },
  }
}
