import { type Observable, createBehaviorSubject, selectDistinct } from './observable.ts'

/**
 * A store is one immutable state object behind a behaviour subject.
 * React reads it through `useSyncExternalStore(store.subscribe, store.get)`,
 * so `get()` must return the same reference until something changes.
 *
 * @example
 * const modal = createStore({ open: false })
 * modal.set({ open: true })
 * modal.select((s) => s.open).subscribe(console.log)
 */
export interface Store<S extends object> {
  get(): S
  /** Shallow-merges the patch; emits only when a field actually changed. */
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void
  /** Replaces the whole state, e.g. on reset. */
  replace(state: S): void
  /** The selected value now, then each time it changes (Object.is). */
  select<T>(selector: (state: S) => T): Observable<T>
  /** Subscribes to every change; returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void
  /** The state now, then every change. */
  readonly state$: Observable<S>
}

export function createStore<S extends object>(initial: S): Store<S> {
  const subject = createBehaviorSubject<S>(Object.freeze({ ...initial }))

  const set: Store<S>['set'] = (patch) => {
    const current = subject.getValue()
    const next = typeof patch === 'function' ? patch(current) : patch
    const changed = Object.keys(next).some((key) => !Object.is(current[key as keyof S], next[key as keyof S]))
    if (changed) subject.next(Object.freeze({ ...current, ...next }))
  }

  return {
    get: () => subject.getValue(),
    set,
    replace: (state) => subject.next(Object.freeze({ ...state })),
    select: (selector) => selectDistinct(subject, selector),
    subscribe: (listener) => {
      // skip the replay of the current value: subscribers want changes
      let first = true
      const sub = subject.subscribe((state) => {
        if (first) {
          first = false
          return
        }
        listener(state)
      })
      return () => sub.unsubscribe()
    },
    state$: subject.asObservable(),
  }
}
