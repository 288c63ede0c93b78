import { createElement, useLayoutEffect, useRef, useState } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'
import { HOST_TAG } from '../../host/hostElement.ts'
import { modalHost } from '../../host/modalHost.ts'

type ModalChunk = typeof import('../modal/modalChunk.ts')

let loaded: ModalChunk | undefined
let loading: Promise<ModalChunk> | undefined

/**
 * Downloads the modal's frame, views and styles once; later calls share the
 * download. The host calls it early (idle time after load, an opener under the
 * pointer) and inside `kit.open()`.
 */
export function loadModalChunk(): Promise<ModalChunk> {
  loading ??= import('../modal/modalChunk.ts').then(
    (chunk) => (loaded = chunk),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Connects the kit's host, which shows the dialog itself the moment the kit
 * opens and requests the chunk (early, or on that open), and renders the frame
 * into it once the chunk is there. Nothing here re-renders on the opening click:
 * the frame follows the host's dialog in a transition of its own. With
 * `disableAppend` or `enableEmbedded` it places the `<portico-modal>` here, in
 * the React tree.
 */
export function LazyModalHost({ kit }: { kit: PorticoKit }) {
  const host = modalHost(kit)
  // Loaded before this mount (prefetched, or by another provider): rendered at once.
  const [chunk, setChunk] = useState(loaded)
  const shown = useRef(chunk)

  // A layout effect: connected before the browser paints, so no click can come before it.
  useLayoutEffect(
    () =>
      host.connect(() =>
        loadModalChunk().then((next) => {
          // The host asks on every open. React keeps a same-value update queued on this
          // component until it renders again, which it never does: one kept per open.
          if (shown.current !== next) setChunk((shown.current = next))
          return next
        }),
      ),
    [host],
  )

  return (
    <>
      {(kit.config.disableAppend || kit.modal.mode === 'embedded') && createElement(HOST_TAG, { ref: host.place })}
      {chunk && <chunk.ModalHost kit={kit} />}
    </>
  )
}
