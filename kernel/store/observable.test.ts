import { type InteropObservable, firstValueFrom, from, map, toArray } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBehaviorSubject, createSubject, filterStream, selectDistinct } from './observable.ts'

afterEach(() => vi.useRealTimers())

describe('subject', () => {
  it('delivers each value to every subscriber, in subscription order, synchronously', () => {
    const subject = createSubject<number>()
    const seen: string[] = []
    subject.subscribe((n) => seen.push(`a${n}`))
    subject.subscribe({ next: (n) => seen.push(`b${n}`) })
    subject.next(1)
    subject.next(2)
    expect(seen).toEqual(['a1', 'b1', 'a2', 'b2'])
  })

  it('an unsubscribed listener gets nothing more, even when it unsubscribes during a delivery', () => {
    const subject = createSubject<number>()
    const seen: number[] = []
    const first = subject.subscribe(() => second.unsubscribe())
    const second = subject.subscribe((n) => seen.push(n))
    subject.next(1)
    subject.next(2)
    expect(seen).toEqual([])
    expect(second.closed).toBe(true)
    expect(first.closed).toBe(false)
  })

  it('a listener that throws keeps neither the others from the value nor the sender from going on; its error is rethrown apart', () => {
    vi.useFakeTimers()
    const subject = createSubject<number>()
    const seen: number[] = []
    subject.subscribe(() => {
      throw new Error('listener bug')
    })
    subject.subscribe((n) => seen.push(n))
    expect(() => subject.next(1)).not.toThrow()
    expect(seen).toEqual([1])
    expect(() => vi.runAllTimers()).toThrow('listener bug')
  })

  it('complete ends every subscription; a later subscriber completes at once and gets no value', () => {
    const subject = createSubject<number>()
    const complete = vi.fn()
    const sub = subject.subscribe({ next: () => undefined, complete })
    subject.complete()
    expect(complete).toHaveBeenCalledTimes(1)
    expect(sub.closed).toBe(true)
    const late = vi.fn()
    const lateComplete = vi.fn()
    subject.subscribe({ next: late, complete: lateComplete })
    subject.next(1)
    expect(late).not.toHaveBeenCalled()
    expect(lateComplete).toHaveBeenCalledTimes(1)
  })

  it('works with RxJS through the observable interop key', async () => {
    const subject = createSubject<number>()
    const doubled = firstValueFrom(
      from(subject.asObservable() as unknown as InteropObservable<number>).pipe(
        map((n) => n * 2),
        toArray(),
      ),
    )
    subject.next(1)
    subject.next(2)
    subject.complete()
    expect(await doubled).toEqual([2, 4])
  })
})

describe('behaviour subject, filter and select', () => {
  it('gives a new subscriber the current value first, then changes', () => {
    const state = createBehaviorSubject('a')
    state.next('b')
    const seen: string[] = []
    state.subscribe((value) => seen.push(value))
    state.next('c')
    expect(seen).toEqual(['b', 'c'])
    expect(state.getValue()).toBe('c')
  })

  it('filterStream passes only what the guard keeps', () => {
    const subject = createSubject<number>()
    const seen: number[] = []
    filterStream(subject, (n): n is number => n % 2 === 0).subscribe((n) => seen.push(n))
    ;[1, 2, 3, 4].forEach((n) => subject.next(n))
    expect(seen).toEqual([2, 4])
  })

  it('selectDistinct emits the selection now and then only when it changes (Object.is)', () => {
    const state = createBehaviorSubject({ open: false, loading: false })
    const seen: boolean[] = []
    const sub = selectDistinct(state, (s) => s.open).subscribe((open) => seen.push(open))
    state.next({ open: false, loading: true })
    state.next({ open: true, loading: true })
    state.next({ open: true, loading: false })
    sub.unsubscribe()
    state.next({ open: false, loading: false })
    expect(seen).toEqual([false, true])
  })
})
