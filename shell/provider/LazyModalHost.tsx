import { createElement, useEffect, useLayoutEffect, useState } from 'react'
import type { ModalState, PorticoKit } from '../../kernel/index.ts'
import { HOST_TAG } from '../../host/hostElement.ts'
import { modalHost } from '../../host/modalHost.ts'
import { useStoreValue } from '../ui/useStoreValue.ts'

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

const selectOpen = (state: ModalState) => state.open

/**
 * Connects the kit's host, which shows the dialog itself the moment the kit
 * opens, and renders the frame into it once the chunk is there: on the first
 * open, or at once in embedded mode where the modal is part of the page. With
 * `disableAppend` or `enableEmbedded` it places the `<portico-modal>` here, in
 * the React tree.
 */
export function LazyModalHost({ kit }: { kit: PorticoKit }) {
  const host = modalHost(kit)
  const open = useStoreValue(kit.modal.store, selectOpen)
  const needed = open || kit.config.enableEmbedded
  const [fetched, setFetched] = useState<ModalChunk>()
  // Loaded before this render (prefetched, or by another provider): render it now, not a task later.
  const chunk = fetched ?? loaded

  // A layout effect: connected before the browser paints, so no click can come before it.
  useLayoutEffect(() => host.connect(loadModalChunk), [host])

  useEffect(() => {
    if (!needed || chunk) return
    let current = true
    loadModalChunk().then(
      (next) => current && setFetched(next),
      (error: unknown) => {
        // Nothing can show the failure but the console; close so the next open tries again.
        console.error('[Portico] the modal failed to load', error)
        kit.close()
      },
    )
    return () => {
      current = false
    }
  }, [kit, needed, chunk])

  if (needed && chunk) chunk.registerCoreViews(kit)
  return (
    <>
      {(kit.config.disableAppend || kit.config.enableEmbedded) && createElement(HOST_TAG, { ref: host.place })}
      {chunk && <chunk.ModalHost kit={kit} />}
    </>
  )
}
