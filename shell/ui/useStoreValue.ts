import { useRef, useSyncExternalStore } from 'react'

/** Anything with the kernel store's `get`/`subscribe` pair. */
export interface Readable<S> {
  get(): S
  subscribe(listener: (state: S) => void): () => void
}

/**
 * Reads a slice of a kit store through `useSyncExternalStore`, so every
 * component sees the same state in a render (no tearing). The component
 * re-renders only when the slice changes by `isEqual`; a selector that builds
 * a new object each time stays stable when given `shallowEqual`.
 *
 * @example
 * const open = useStoreValue(kit.modal.store, (s) => s.open)
 */
export function useStoreValue<S, T>(store: Readable<S>, selector: (state: S) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const cache = useRef<{ state: S; selector: (state: S) => T; value: T } | null>(null)
  const getSnapshot = () => {
    const state = store.get()
    const cached = cache.current
    if (cached && cached.state === state && cached.selector === selector) return cached.value
    const selected = selector(state)
    // Keep the previous reference when equal, so React sees no change.
    const value = cached && isEqual(cached.value, selected) ? cached.value : selected
    cache.current = { state, selector, value }
    return value
  }
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot)
}
