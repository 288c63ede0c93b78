import { useEffect, useState } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'
import { useStoreValue } from '../hooks/useStoreValue.ts'

type ModalChunk = typeof import('../modal/modalChunk.ts')

let loaded: ModalChunk | undefined
let loading: Promise<ModalChunk> | undefined

/**
 * Downloads the modal's views and styles once; later calls share the download.
 * Call it early (e.g. when the pointer nears the connect button) to hide the fetch.
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
 * Renders the modal host once it is first needed: on the first open, or at
 * once in embedded mode where the modal is part of the page. Until then the
 * page downloads none of the modal's views or styles.
 */
export function LazyModalHost({ kit }: { kit: PorticoKit }) {
  const open = useStoreValue(kit.modal.store, (state) => state.open)
  const [needed, setNeeded] = useState(kit.config.enableEmbedded)
  const [chunk, setChunk] = useState(loaded)
  if (open && !needed) setNeeded(true)

  // Request the chunk inside kit.open() itself, before the open event activates plugins
  // (wallet discovery), so the dialog's code is first in line rather than last.
  useEffect(
    () =>
      kit.modal.store.subscribe((state) => {
        if (state.open) loadModalChunk().catch(() => undefined)
      }),
    [kit],
  )

  useEffect(() => {
    if (!needed || chunk) return
    let current = true
    loadModalChunk().then(
      (next) => current && setChunk(next),
      (error: unknown) => {
        // Nothing can show the failure but the console; close so the next open tries again.
        console.error('[Portico] the modal failed to load', error)
        if (current) setNeeded(kit.config.enableEmbedded)
        kit.close()
      },
    )
    return () => {
      current = false
    }
  }, [kit, needed, chunk])

  if (!needed || !chunk) return null
  chunk.registerCoreViews(kit)
  return <chunk.ModalHost kit={kit} />
}
