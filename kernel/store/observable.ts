/**
 * The push streams of the kit (the event bus and the stores), in the shape of the
 * TC39 Observable proposal that RxJS and other libraries accept: `subscribe(next)`
 * returns a subscription, and `from(kit.bus.events$)` in RxJS works through the
 * `@@observable` interop key. The kernel needs only this much of a stream library,
 * and it is on every page's first screen: RxJS's core cost 4 kB gzip there.
 */
export interface Subscription {
  readonly closed: boolean
  unsubscribe(): void
}

export interface Observer<T> {
  next?(value: T): void
  complete?(): void
}

export interface Observable<T> {
  subscribe(observer: ((value: T) => void) | Observer<T>): Subscription
  '@@observable'(): Observable<T>
}

/** A stream the kernel pushes to; listeners see only its Observable side. */
export interface Subject<T> extends Observable<T> {
  next(value: T): void
  complete(): void
  asObservable(): Observable<T>
}

/**
 * A listener that throws must not keep the others from their value, nor throw into
 * the code that pushed it: its error is rethrown on its own, as RxJS reports one.
 */
function deliver(fn: () => void): void {
  try {
    fn()
  } catch (error) {
    setTimeout(() => {
      throw error
    })
  }
}

function stream<T>(subscribe: (observer: Observer<T>) => () => void): Observable<T> {
  const observable: Observable<T> = {
    subscribe(observer) {
      const target = typeof observer === 'function' ? { next: observer } : observer
      let closed = false
      const teardown = subscribe({
        next: (value) => !closed && target.next && deliver(() => target.next!(value)),
        complete: () => {
          if (closed) return
          closed = true
          if (target.complete) deliver(() => target.complete!())
        },
      })
      return {
        get closed() {
          return closed
        },
        unsubscribe() {
          closed = true
          teardown()
        },
      }
    },
    '@@observable': () => observable,
  }
  return observable
}

export function createSubject<T>(): Subject<T> {
  const observers = new Set<Observer<T>>()
  let done = false
  const observable = stream<T>((observer) => {
    if (done) {
      observer.complete?.()
      return () => undefined
    }
    observers.add(observer)
    return () => observers.delete(observer)
  })
  return {
    ...observable,
    // A copy: a listener may unsubscribe (itself or another) while a value goes out.
    next: (value) => [...observers].forEach((observer) => observer.next?.(value)),
    complete() {
      done = true
      const current = [...observers]
      observers.clear()
      current.forEach((observer) => observer.complete?.())
    },
    asObservable: () => observable,
  }
}

/** The values of `source` that pass `keep`. */
export function filterStream<T, S extends T>(source: Observable<T>, keep: (value: T) => value is S): Observable<S> {
  return stream<S>((observer) => {
    const subscription = source.subscribe({
      next: (value) => keep(value) && observer.next?.(value),
      complete: () => observer.complete?.(),
    })
    return () => subscription.unsubscribe()
  })
}

/**
 * `select(state)` of every value of `source`, emitted only when it differs
 * (Object.is) from the last one emitted.
 */
export function selectDistinct<S, T>(source: Observable<S>, select: (state: S) => T): Observable<T> {
  return stream<T>((observer) => {
    let last: { value: T } | undefined
    const subscription = source.subscribe({
      next(state) {
        const value = select(state)
        if (last && Object.is(last.value, value)) return
        last = { value }
        observer.next?.(value)
      },
      complete: () => observer.complete?.(),
    })
    return () => subscription.unsubscribe()
  })
}

/** A subject that holds a current value and gives it to each new subscriber first. */
export interface BehaviorSubject<T> extends Subject<T> {
  getValue(): T
}

export function createBehaviorSubject<T>(initial: T): BehaviorSubject<T> {
  const changes = createSubject<T>()
  let current = initial
  const observable = stream<T>((observer) => {
    observer.next?.(current)
    const subscription = changes.subscribe(observer)
    return () => subscription.unsubscribe()
  })
  return {
    ...observable,
    getValue: () => current,
    next(value) {
      current = value
      changes.next(value)
    },
    complete: () => changes.complete(),
    asObservable: () => observable,
  }
}
