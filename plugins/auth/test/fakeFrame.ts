import { EmbeddedWalletErrorText, PorticoError } from '../../../kernel/index.ts'
import type { FrameClient, FrameClientOptions, RequestOptions } from '../frameClient.ts'
import type { AppPayload, AppRequestName, FrameEvent, FrameReply } from '../../../protocol/frameProtocol.ts'

type Handler = (payload: unknown) => unknown
export interface SentRequest {
  readonly name: AppRequestName
  readonly payload: unknown
  readonly options: RequestOptions | undefined
  resolve(reply: unknown): void
  reject(error: Error): void
}

/**
 * A test double of the frame client with the same contract as the real one (requests
 * before load fail 'W3mFrame: iframe is not set', abort and timeout reject 'Request was
 * aborted' after onTimeout): requests are answered by handlers, or held for the test to
 * answer when no handler is set.
 */
export function createFakeFrame() {
  const listeners = new Set<(event: FrameEvent) => void>()
  const handlers = new Map<AppRequestName, Handler>()
  const sent: SentRequest[] = []
  const created: FrameClientOptions[] = []
  let loaded = false
  let loadFailure: Error | undefined
  const fake = {
    created,
    sent,
    loads: 0,
    shownOver: undefined as Element | undefined,
    names: () => sent.map((request) => request.name),
    on<N extends AppRequestName>(name: N, handler: (payload: AppPayload<N>) => FrameReply<N> | Promise<FrameReply<N>>) {
      handlers.set(name, handler as Handler)
    },
    failLoad(error: Error) {
      loadFailure = error
    },
    emit(event: FrameEvent) {
      listeners.forEach((listener) => listener(event))
    },
    /** The last request of that name still waiting for an answer. */
    held(name: AppRequestName): SentRequest {
      const request = [...sent].reverse().find((r) => r.name === name)
      if (!request) throw new Error(`no ${name} request was sent`)
      return request
    },
    factory: (options: FrameClientOptions): FrameClient => {
      created.push(options)
      return client
    },
  }
  const client: FrameClient = {
    async load() {
      fake.loads += 1
      if (loadFailure) throw loadFailure
      // As the real frame does once its page runs.
      if (!loaded) fake.emit({ type: '@portico-frame/READY', payload: { version: 4 } })
      loaded = true
    },
    request<N extends AppRequestName>(name: N, payload: AppPayload<N>, options?: RequestOptions) {
      if (!loaded) return Promise.reject(new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET))
      return new Promise<FrameReply<N>>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const abort = () => {
          clearTimeout(timer)
          reject(new PorticoError(EmbeddedWalletErrorText.REQUEST_ABORTED))
        }
        options?.signal?.addEventListener('abort', abort, { once: true })
        if (options?.timeoutMs !== undefined) {
          timer = setTimeout(() => {
            options.onTimeout?.()
            abort()
          }, options.timeoutMs)
        }
        const request: SentRequest = {
          name,
          payload,
          options,
          resolve: (reply) => {
            clearTimeout(timer)
            resolve(reply as FrameReply<N>)
          },
          reject: (error) => {
            clearTimeout(timer)
            reject(error)
          },
        }
        sent.push(request)
        const handler = handlers.get(name)
        if (handler)
          Promise.resolve()
            .then(() => handler(payload))
            .then(request.resolve, request.reject)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    show(anchor) {
      fake.shownOver = anchor
    },
    hide() {
      fake.shownOver = undefined
    },
    get dropped() {
      return 0
    },
    dispose() {
      listeners.clear()
    },
  }
  return fake
}

export type FakeFrame = ReturnType<typeof createFakeFrame>
