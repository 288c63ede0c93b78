import { type MonoTypeOperatorFunction, NEVER, Observable, Subject, firstValueFrom, fromEvent, identity, race, switchMap, throwError, timeout } from 'rxjs'
import * as v from 'valibot'
import { EmbeddedWalletErrorText, PorticoError } from '../../kernel/index.ts'
import {
  APP_PREFIX,
  AppRequests,
  FRAME_PROTOCOL_VERSION,
  FrameErrorPayloadSchema,
  FrameEventSchema,
  FrameReplies,
  FrameReplyEnvelopeSchema,
  type AppPayload,
  type AppRequestName,
  type FrameEvent,
  type FrameReply,
  requestOfReply,
} from '../../protocol/frameProtocol.ts'

export interface RequestOptions {
  timeoutMs?: number
  signal?: AbortSignal
  /** Runs when timeoutMs passes without a reply, before the request is aborted. */
  onTimeout?: () => void
}

/** The request/reply channel with one frame window over postMessage. */
export interface FrameChannel {
  /** The frame said READY (of this protocol version) since it was added. */
  readonly ready: boolean
  /** Each READY of the frame. */
  readonly ready$: Observable<void>
  /** Starts reading the window's messages; reading twice is reading once. */
  listen(): void
  /** Posts a request to `target` (the frame's window) and resolves with the matching reply. */
  send<N extends AppRequestName>(target: Window, name: N, payload: AppPayload<N>, options: RequestOptions): Promise<FrameReply<N>>
  /** READY / SESSION_UPDATE / SESSION_ENDED. */
  subscribe(listener: (event: FrameEvent) => void): () => void
  /** The frame is gone: its next READY is a first one again. */
  forget(): void
  abortAll(details: string): void
  /** Messages dropped because origin, source or shape failed. */
  readonly dropped: number
  dispose(): void
}

interface Pending {
  name: AppRequestName
  resolve: (payload: unknown) => void
  reject: (error: PorticoError) => void
}

export const aborted = (details?: string) => new PorticoError(EmbeddedWalletErrorText.REQUEST_ABORTED, details ? { details } : {})

/** Checks a request's payload against the protocol before anything is posted. */
export function checkedPayload<N extends AppRequestName>(name: N, payload: AppPayload<N>): AppPayload<N> {
  const checked = v.safeParse(AppRequests[name], payload)
  if (!checked.success) throw new PorticoError(EmbeddedWalletErrorText.FALLBACK, { details: `invalid ${name} payload: ${checked.issues[0].message}` })
  return checked.output
}

/**
 * Only messages whose origin is the frame's origin AND whose source is the frame's
 * window (`source()`, the current iframe's) are read, and then only if they pass the
 * protocol's schemas; anything else is counted in `dropped` and never handled.
 */
export function createFrameChannel(win: Window, frameOrigin: string, source: () => Window | null | undefined): FrameChannel {
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEvent) => void>()
  const ready$ = new Subject<void>()
  let ready = false
  let dropped = 0

  const drop = () => {
    dropped += 1
  }

  function onMessage(event: MessageEvent): void {
    const frame = source()
    if (!frame || event.origin !== frameOrigin || event.source !== frame) return drop()
    const data: unknown = event.data
    const isEvent = typeof data === 'object' && data !== null && !('id' in data)
    if (isEvent) {
      const parsed = v.safeParse(FrameEventSchema, data)
      if (!parsed.success) return drop()
      if (parsed.output.type === '@portico-frame/READY') {
        if (parsed.output.payload.version !== FRAME_PROTOCOL_VERSION) return drop()
        // A second READY is the frame reloaded: what it was asked before is lost with it.
        if (ready) abortAll('the frame reloaded')
        ready = true
        ready$.next()
      }
      for (const listener of [...listeners]) listener(parsed.output)
      return
    }
    const envelope = v.safeParse(FrameReplyEnvelopeSchema, data)
    const reply = envelope.success ? requestOfReply(envelope.output.type) : undefined
    const request = envelope.success ? pending.get(envelope.output.id) : undefined
    // An unknown id is a reply to a request already aborted or never made.
    if (!envelope.success || !reply || !request || request.name !== reply.name) return drop()
    const schema = reply.outcome === 'SUCCESS' ? FrameReplies[reply.name] : FrameErrorPayloadSchema
    const payload = v.safeParse(schema, envelope.output.payload)
    pending.delete(envelope.output.id)
    if (!payload.success) {
      // The right frame answered this request with something the protocol does not
      // allow: the request fails rather than waiting for a reply that will not come.
      drop()
      return request.reject(new PorticoError(EmbeddedWalletErrorText.SOMETHING_WENT_WRONG, { details: `malformed ${reply.name} reply` }))
    }
    if (reply.outcome === 'SUCCESS') return request.resolve(payload.output)
    const message = (payload.output as v.InferOutput<typeof FrameErrorPayloadSchema>).message
    request.reject(new PorticoError(message || EmbeddedWalletErrorText.FALLBACK))
  }

  function abortAll(details: string): void {
    const all = [...pending.values()]
    pending.clear()
    for (const request of all) request.reject(aborted(details))
  }

  return {
    get ready() {
      return ready
    },
    ready$: ready$.asObservable(),
    listen() {
      win.addEventListener('message', onMessage)
    },
    send(target, name, payload, { signal, timeoutMs, onTimeout }) {
      const id = win.crypto.randomUUID()
      type Reply = FrameReply<typeof name>
      const reply$ = new Observable<Reply>((subscriber) => {
        pending.set(id, {
          name,
          resolve: (reply) => subscriber.next(reply as Reply),
          reject: (error) => subscriber.error(error),
        })
        target.postMessage({ id, type: `${APP_PREFIX}${name}`, payload }, frameOrigin)
        // Settled, timed out or aborted: a late reply finds no id and is dropped.
        return () => pending.delete(id)
      })
      const abort$ = signal ? fromEvent(signal, 'abort').pipe(switchMap(() => throwError(() => aborted()))) : NEVER
      const timed: MonoTypeOperatorFunction<Reply> =
        timeoutMs === undefined
          ? identity
          : timeout({
              first: timeoutMs,
              with: () => {
                onTimeout?.()
                return throwError(() => aborted())
              },
            })
      return firstValueFrom(race(reply$.pipe(timed), abort$))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    forget() {
      ready = false
    },
    abortAll,
    get dropped() {
      return dropped
    },
    dispose() {
      win.removeEventListener('message', onMessage)
      abortAll('the frame client was disposed')
      listeners.clear()
    },
  }
}
