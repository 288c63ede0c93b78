import type { Readable } from '../ui/useStoreValue.ts'

/** The page is handling the visitor's input: a click, a key or a pointer press (what `window.event` holds in its handlers). */
const handlingInput = () => typeof UIEvent === 'function' && (globalThis as { event?: unknown }).event instanceof UIEvent

/** After the next paint: a frame callback runs before it, a task queued from there after it (input only comes to a page in sight, which paints). */
const afterNextPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run))

const wrapped = new WeakMap<Readable<unknown>, Readable<unknown>>()

/**
 * A kit store as the app's hooks read it. A change made while the page handles the
 * visitor's input (the click that opens the modal) reaches the app's components after
 * the next paint: their re-render must not hold back the frame that answers the click
 * (React renders updates from a click before the browser may paint). Changes from
 * anywhere else (a wallet's event, a request's answer) reach them at once. The
 * components still read the store itself, so none shows a state the others do not.
 */
export function afterInput<S>(store: Readable<S>): Readable<S> {
  let deferred = wrapped.get(store) as Readable<S> | undefined
  if (!deferred) {
    deferred = {
      get: () => store.get(),
      subscribe(listener) {
        let pending = false
        let active = true
        const unsubscribe = store.subscribe((state) => {
          if (!handlingInput()) return listener(state)
          if (pending) return
          pending = true
          afterNextPaint(() => {
            pending = false
            if (active) listener(store.get())
          })
        })
        return () => {
          active = false
          unsubscribe()
        }
      },
    }
    wrapped.set(store, deferred)
  }
  return deferred
}
