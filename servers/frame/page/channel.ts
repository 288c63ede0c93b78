import * as v from 'valibot'
import { EmbeddedWalletErrorText } from '../../../kernel/errors/catalogue.ts'
import { type AppMessage, AppMessageSchema, type AppRequestName, type FrameEvent, replyType } from '../../../protocol/frameProtocol.ts'

/** The parts of `window` the channel uses (a test passes its own). */
export interface ChannelWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface Channel {
  /** Starts listening; the handler gets only messages that passed every check. */
  listen(onRequest: (message: AppMessage) => void): void
  reply(name: AppRequestName, id: string, outcome: 'SUCCESS', payload: unknown): void
  reply(name: AppRequestName, id: string, outcome: 'ERROR', payload: { message: string }): void
  emit(event: FrameEvent): void
  /** The parent's origin, known from its first accepted message. */
  readonly hostOrigin: string | undefined
  /** Messages dropped: not from the parent, from an origin not allowed, or of a wrong shape. */
  readonly dropped: number
}

/**
 * The frame's end of postMessage. A message is read only when its source is the
 * parent window and its origin is on the project's allow-list (and, once the parent is
 * known, that same origin); it must then pass the protocol's schema. Anything else is
 * dropped and counted without a reply: an origin that is not allowed learns nothing.
 */
export function createChannel(win: ChannelWindow, allowedOrigins: readonly string[]): Channel {
  const parent = win.parent && win.parent !== (win as unknown) ? win.parent : undefined
  let hostOrigin: string | undefined
  let dropped = 0

  const post = (message: unknown) => {
    if (!parent) throw new Error(EmbeddedWalletErrorText.PARENT_NOT_SET)
    // Before the parent has spoken its origin is unknown: a message addressed to each
    // allowed origin reaches only the one the parent really has.
    for (const origin of hostOrigin ? [hostOrigin] : allowedOrigins) parent.postMessage(message, origin)
  }

  return {
    listen(onRequest) {
      if (!parent) throw new Error(EmbeddedWalletErrorText.PARENT_NOT_SET)
      win.addEventListener('message', (event) => {
        const trusted = event.source === parent && allowedOrigins.includes(event.origin) && (hostOrigin ?? event.origin) === event.origin
        const parsed = trusted ? v.safeParse(AppMessageSchema, event.data) : undefined
        if (!parsed?.success) {
          dropped += 1
          return
        }
        hostOrigin ??= event.origin
        onRequest(parsed.output as AppMessage)
      })
    },
    reply(name: AppRequestName, id: string, outcome: 'SUCCESS' | 'ERROR', payload: unknown) {
      post({ id, type: replyType(name, outcome), payload })
    },
    emit: post,
    get hostOrigin() {
      return hostOrigin
    },
    get dropped() {
      return dropped
    },
  }
}
