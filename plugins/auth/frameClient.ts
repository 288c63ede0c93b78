import { EmbeddedWalletErrorText, PorticoError } from '../../kernel/index.ts'
import type { AppPayload, AppRequestName, FrameEvent, FrameReply } from '../../protocol/frameProtocol.ts'
import { type RequestOptions, aborted, checkedPayload, createFrameChannel } from './frameChannel.ts'
import { type FrameSource, createFrameLifecycle } from './frameLifecycle.ts'

export type { RequestOptions } from './frameChannel.ts'

export interface FrameClientOptions extends FrameSource {
  /** Where the iframe goes (default globalThis.document). */
  document?: Document
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

/**
 * The host's end of the secure frame: one hidden cross-origin iframe (its lifecycle)
 * and a request/reply channel with it over postMessage.
 *
 * @example
 * const frame = createFrameClient({ frameUrl: 'http://127.0.0.1:8700', projectId, chainId: 1 })
 * await frame.load()
 * const { action } = await frame.request('CONNECT_EMAIL', { email }, { timeoutMs: 30_000, onTimeout })
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const doc = options.document ?? globalThis.document
  const frameOrigin = new URL(options.frameUrl).origin
  const channel = createFrameChannel(doc.defaultView!, frameOrigin, () => lifecycle.iframe?.contentWindow)
  const lifecycle = createFrameLifecycle({
    doc,
    source: options,
    ready$: channel.ready$,
    onAdded: () => channel.listen(),
    onRemoved: () => channel.forget(),
  })

  return {
    load: () => lifecycle.load(),
    async request(name, payload, requestOptions = {}) {
      if (!lifecycle.iframe) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
      const checked = checkedPayload(name, payload)
      if (requestOptions.signal?.aborted) throw aborted()
      if (!channel.ready) await lifecycle.loading
      const target = lifecycle.iframe?.contentWindow
      if (!target) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
      return channel.send(target, name, checked, requestOptions)
    },
    subscribe: (listener) => channel.subscribe(listener),
    show: (anchor) => lifecycle.show(anchor),
    hide: () => lifecycle.hide(),
    get dropped() {
      return channel.dropped
    },
    dispose() {
      channel.dispose()
      lifecycle.remove()
    },
  }
}
