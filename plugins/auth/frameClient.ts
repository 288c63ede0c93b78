import { type MonoTypeOperatorFunction, NEVER, Observable, Subject, delay, firstValueFrom, fromEvent, identity, map, merge, race, switchMap, take, throwError, timeout, timer } from 'rxjs'
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
import { createFramePlacement } from './frameClientPlacement.ts'

/** The iframe's element id (SPEC §9). */
const SECURE_FRAME_ID = 'w3m-iframe'
/** After the frame's READY, requests wait this long while its scripts finish wiring up (SPEC §9). */
const FRAME_READY_WAIT_MS = 500

export interface FrameClientOptions {
  /** endpoints.frame: the frame server's origin, e.g. http://127.0.0.1:8700 */
  frameUrl: string
  projectId: string
  /** Sent as the chainId query parameter. */
  chainId: string | number
  enableLogger?: boolean
  /** Where the iframe goes (default globalThis.document). */
  document?: Document
}

export interface RequestOptions {
  timeoutMs?: number
  signal?: AbortSignal
  /** Runs when timeoutMs passes without a reply, before the request is aborted. */
  onTimeout?: () => void
}

export interface FrameClient {
  /** Adds the hidden iframe and resolves 500 ms after its READY; rejects 'Unable to load email login dependency'. Idempotent. */
  load(): Promise<void>
  request<N extends AppRequestName>(name: N, payload: AppPayload<N>, options?: RequestOptions): Promise<FrameReply<N>>
  /** READY / SESSION_UPDATE / SESSION_ENDED. */
  subscribe(listener: (event: FrameEvent) => void): () => void
  /** Shows the iframe over `anchor` (the approval view's box) so the visitor approves inside the frame's own origin. */
  show(anchor: Element): void
  hide(): void
  /** Messages dropped because origin, source or shape failed. */
  readonly dropped: number
  dispose(): void
}

/** A frame that has not said READY this long after being added is taken as failed. */
export const READY_TIMEOUT_MS = 15_000
/** After the iframe's load event READY is due at once; this covers message delivery between processes. */
export const READY_AFTER_LOAD_MS = 3_000

interface Pending {
  name: AppRequestName
  resolve: (payload: unknown) => void
  reject: (error: PorticoError) => void
}

const aborted = (details?: string) => new PorticoError(EmbeddedWalletErrorText.REQUEST_ABORTED, details ? { details } : {})

/**
 * The host's end of the secure frame: one hidden cross-origin iframe and a
 * request/reply channel over postMessage. Only messages whose origin is the frame's
 * origin AND whose source is this iframe's window are read, and then only if they pass
 * the protocol's schemas; anything else is counted in `dropped` and never handled.
 *
 * @example
 * const frame = createFrameClient({ frameUrl: 'http://127.0.0.1:8700', projectId, chainId: 1 })
 * await frame.load()
 * const { action } = await frame.request('CONNECT_EMAIL', { email }, { timeoutMs: 30_000, onTimeout })
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const doc = options.document ?? globalThis.document
  const win = doc.defaultView!
  const frameOrigin = new URL(options.frameUrl).origin
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEvent) => void>()
  let iframe: HTMLIFrameElement | undefined
  let loading: Promise<void> | undefined
  let ready = false
  /** The frame's first READY since it was added. */
  const ready$ = new Subject<void>()
  let dropped = 0
  const placement = createFramePlacement(doc)

  const drop = () => {
    dropped += 1
  }

  function onMessage(event: MessageEvent): void {
    if (!iframe || event.origin !== frameOrigin || event.source !== iframe.contentWindow) return drop()
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

  function frameSrc(): string {
    const url = new URL('/frame', options.frameUrl)
    url.searchParams.set('projectId', options.projectId)
    url.searchParams.set('chainId', String(options.chainId))
    url.searchParams.set('version', String(FRAME_PROTOCOL_VERSION))
    url.searchParams.set('enableLogger', String(Boolean(options.enableLogger)))
    return url.href
  }

  function removeFrame(): void {
    placement.hide()
    iframe?.remove()
    iframe = undefined
    ready = false
  }

  function startLoading(): Promise<void> {
    win.addEventListener('message', onMessage)
    const element = doc.createElement('iframe')
    element.id = SECURE_FRAME_ID
    element.title = 'Secure wallet frame'
    element.src = frameSrc()
    placement.attach(element)
    iframe = element
    const failed = (details: string) => new PorticoError(EmbeddedWalletErrorText.UNABLE_TO_LOAD, { details })
    const failure$ = merge(
      timer(READY_TIMEOUT_MS).pipe(map(() => `no READY from ${frameOrigin} within ${READY_TIMEOUT_MS} ms`)),
      fromEvent(element, 'error').pipe(map(() => `the frame at ${frameOrigin} failed to load`)),
      // A page that loaded without saying READY (an error page, a blocked script) is a failure too.
      fromEvent(element, 'load').pipe(
        take(1),
        switchMap(() => timer(READY_AFTER_LOAD_MS)),
        map(() => `the frame at ${frameOrigin} loaded without READY`),
      ),
    ).pipe(switchMap((details) => throwError(() => failed(details))))
    // READY ends the failure clocks at once; the frame's scripts may still be wiring up
    // after it, so requests wait FRAME_READY_WAIT_MS more.
    const loaded$ = race(ready$.pipe(take(1)), failure$).pipe(delay(FRAME_READY_WAIT_MS))
    return firstValueFrom(loaded$).catch((error: unknown) => {
      removeFrame()
      loading = undefined
      throw error
    })
  }

  async function request<N extends AppRequestName>(name: N, payload: AppPayload<N>, requestOptions: RequestOptions = {}): Promise<FrameReply<N>> {
    if (!iframe) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
    const checked = v.safeParse(AppRequests[name], payload)
    if (!checked.success) throw new PorticoError(EmbeddedWalletErrorText.FALLBACK, { details: `invalid ${name} payload: ${checked.issues[0].message}` })
    const { signal, timeoutMs, onTimeout } = requestOptions
    if (signal?.aborted) throw aborted()
    if (!ready) await loading
    const target = iframe?.contentWindow
    if (!target) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
    const id = win.crypto.randomUUID()
    const reply$ = new Observable<FrameReply<N>>((subscriber) => {
      pending.set(id, {
        name,
        resolve: (reply) => subscriber.next(reply as FrameReply<N>),
        reject: (error) => subscriber.error(error),
      })
      target.postMessage({ id, type: `${APP_PREFIX}${name}`, payload: checked.output }, frameOrigin)
      // Settled, timed out or aborted: a late reply finds no id and is dropped.
      return () => pending.delete(id)
    })
    const abort$ = signal ? fromEvent(signal, 'abort').pipe(switchMap(() => throwError(() => aborted()))) : NEVER
    const timed: MonoTypeOperatorFunction<FrameReply<N>> = timeoutMs === undefined ? identity : timeout({
      first: timeoutMs,
      with: () => {
        onTimeout?.()
        return throwError(() => aborted())
      },
    })
    return firstValueFrom(race(reply$.pipe(timed), abort$))
  }

  return {
    load() {
      loading ??= startLoading()
      return loading
    },
    request,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    show(anchor) {
      if (!iframe) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
      placement.show(anchor)
    },
    hide() {
      placement.hide()
    },
    get dropped() {
      return dropped
    },
    dispose() {
      win.removeEventListener('message', onMessage)
      abortAll('the frame client was disposed')
      removeFrame()
      loading = undefined
      listeners.clear()
    },
  }
}
