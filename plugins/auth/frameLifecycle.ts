import { type Observable, delay, firstValueFrom, fromEvent, map, merge, race, switchMap, take, throwError, timer } from 'rxjs'
import { EmbeddedWalletErrorText, PorticoError } from '../../kernel/index.ts'
import { FRAME_PROTOCOL_VERSION } from '../../protocol/frameProtocol.ts'
import { createFramePlacement } from './frameClientPlacement.ts'

/** The iframe's element id (SPEC §9). */
const SECURE_FRAME_ID = 'w3m-iframe'
/** After the frame's READY, requests wait this long while its scripts finish wiring up (SPEC §9). */
const FRAME_READY_WAIT_MS = 500
/** A frame that has not said READY this long after being added is taken as failed. */
export const READY_TIMEOUT_MS = 15_000
/** After the iframe's load event READY is due at once; this covers message delivery between processes. */
const READY_AFTER_LOAD_MS = 3_000

export interface FrameSource {
  /** endpoints.frame: the frame server's origin, e.g. http://127.0.0.1:8700 */
  frameUrl: string
  projectId: string
  /** Sent as the chainId query parameter. */
  chainId: string | number
  enableLogger?: boolean
}

/** The hidden iframe's life: added, READY or failed, shown over an anchor, removed. */
export interface FrameLifecycle {
  /** The iframe while it is in the page. */
  readonly iframe: HTMLIFrameElement | undefined
  /** The load under way or done; undefined before the first and after a failure or removal. */
  readonly loading: Promise<void> | undefined
  /** Adds the iframe and resolves 500 ms after its READY; idempotent until it fails or is removed. */
  load(): Promise<void>
  show(anchor: Element): void
  hide(): void
  remove(): void
}

export interface FrameLifecycleDeps {
  readonly doc: Document
  readonly source: FrameSource
  /** Each READY of the frame (the channel reads it). */
  readonly ready$: Observable<void>
  /** Runs as the iframe is added. */
  readonly onAdded: () => void
  /** Runs as the iframe is removed (failed, or disposed). */
  readonly onRemoved: () => void
}

function frameSrc(source: FrameSource): string {
  const url = new URL('/frame', source.frameUrl)
  url.searchParams.set('projectId', source.projectId)
  url.searchParams.set('chainId', String(source.chainId))
  url.searchParams.set('version', String(FRAME_PROTOCOL_VERSION))
  url.searchParams.set('enableLogger', String(Boolean(source.enableLogger)))
  return url.href
}

export function createFrameLifecycle({ doc, source, ready$, onAdded, onRemoved }: FrameLifecycleDeps): FrameLifecycle {
  const frameOrigin = new URL(source.frameUrl).origin
  const placement = createFramePlacement(doc)
  let iframe: HTMLIFrameElement | undefined
  let loading: Promise<void> | undefined

  const remove = () => {
    placement.hide()
    iframe?.remove()
    iframe = undefined
    loading = undefined
    onRemoved()
  }

  const startLoading = (): Promise<void> => {
    onAdded()
    const element = doc.createElement('iframe')
    element.id = SECURE_FRAME_ID
    element.title = 'Secure wallet frame'
    element.src = frameSrc(source)
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
      remove()
      throw error
    })
  }

  return {
    get iframe() {
      return iframe
    },
    get loading() {
      return loading
    },
    load() {
      loading ??= startLoading()
      return loading
    },
    show(anchor) {
      if (!iframe) throw new PorticoError(EmbeddedWalletErrorText.IFRAME_NOT_SET)
      placement.show(anchor)
    },
    hide() {
      placement.hide()
    },
    remove,
  }
}
