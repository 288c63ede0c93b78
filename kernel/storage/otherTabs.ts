import type { ChainNamespace } from '../chains/namespaces.ts'
import { StorageKeys, type StoredValue } from './keys.ts'
import { type StorageBackend, parseStored } from './storage.ts'

export type ConnectorIds = StoredValue<'connectedConnectorIds'>

/** What another tab of the same site did to the stored connections: the ids before and after. */
export type OtherTabChange = (before: ConnectorIds, after: ConnectorIds) => void

/**
 * Calls `onChange` when another tab of the same site changes the stored connector ids
 * (the browser's 'storage' event fires in every other tab sharing the origin's
 * localStorage, never in the tab that wrote). Both values pass the key's schema; a
 * value that fails counts as "none". Nothing to watch when the kit keeps its state in
 * memory (no localStorage, or a backend of the integrator's). Returns the unsubscribe.
 */
export function watchOtherTabs(backend: StorageBackend, onChange: OtherTabChange): () => void {
  const target = globalThis.window as (Window & typeof globalThis) | undefined
  let local: Storage | undefined
  try {
    local = target?.localStorage
  } catch {
    return () => undefined
  }
  if (!target || !local || backend !== local) return () => undefined
  const { key } = StorageKeys.connectedConnectorIds
  const read = (raw: string | null): ConnectorIds => (raw === null ? {} : (parseStored('connectedConnectorIds', raw) ?? {}))
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== local || event.key !== key) return
    const before = read(event.oldValue)
    const after = read(event.newValue)
    const namespaces = new Set([...Object.keys(before), ...Object.keys(after)] as ChainNamespace[])
    if ([...namespaces].some((ns) => before[ns] !== after[ns])) onChange(before, after)
  }
  target.addEventListener('storage', listener)
  return () => target.removeEventListener('storage', listener)
}
