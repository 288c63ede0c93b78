import { describe, expect, it } from 'vitest'
import { createStore } from './createStore.ts'

describe('createStore (BehaviorSubject, get/set/select distinct until changed)', () => {
  it('get returns the initial state and set shallow-merges a patch', () => {
    const store = createStore({ open: false, loading: false })
    expect(store.get()).toEqual({ open: false, loading: false })
    store.set({ open: true })
    expect(store.get()).toEqual({ open: true, loading: false })
  })

  it('set accepts an updater function of the current state', () => {
    const store = createStore({ count: 1 })
    store.set(({ count }) => ({ count: count + 1 }))
    expect(store.get().count).toBe(2)
  })

  it('set with no actual change emits nothing and keeps the same reference', () => {
    const store = createStore({ open: false, view: 'Connect' })
    const before = store.get()
    const seen: unknown[] = []
    store.subscribe((state) => seen.push(state))
    store.set({ open: false })
    store.set({ open: false, view: 'Connect' })
    store.set({})
    expect(seen).toHaveLength(0)
    expect(store.get()).toBe(before)
    store.set({ view: 'Account' })
    expect(seen).toEqual([{ open: false, view: 'Account' }])
    expect(store.get()).not.toBe(before)
  })

  it('subscribe skips the current value and reports each later change', () => {
    const store = createStore({ n: 0 })
    const seen: number[] = []
    const unsubscribe = store.subscribe((state) => seen.push(state.n))
    expect(seen).toEqual([])
    store.set({ n: 1 })
    store.set({ n: 2 })
    unsubscribe()
    store.set({ n: 3 })
    expect(seen).toEqual([1, 2])
  })

  it('select replays the current value and emits only when the selected value changes', () => {
    const store = createStore({ open: false, loading: false })
    const seen: boolean[] = []
    const subscription = store.select((s) => s.open).subscribe((open) => seen.push(open))
    store.set({ loading: true })
    store.set({ loading: false })
    store.set({ open: true })
    store.set({ open: true, loading: true })
    store.set({ open: false })
    subscription.unsubscribe()
    expect(seen).toEqual([false, true, false])
  })

  it('state is immutable (frozen) before and after set and replace', () => {
    const store = createStore({ open: false })
    expect(Object.isFrozen(store.get())).toBe(true)
    expect(() => {
      ;(store.get() as { open: boolean }).open = true
    }).toThrow(TypeError)
    store.set({ open: true })
    expect(Object.isFrozen(store.get())).toBe(true)
    store.replace({ open: false })
    expect(Object.isFrozen(store.get())).toBe(true)
    expect(store.get().open).toBe(false)
  })

  it('the initial object passed in is not frozen or aliased', () => {
    const initial = { open: false }
    const store = createStore(initial)
    expect(Object.isFrozen(initial)).toBe(false)
    expect(store.get()).not.toBe(initial)
  })

  it('replace swaps the whole state and drops fields not in it', () => {
    const store = createStore<{ open: boolean; message?: string }>({ open: true, message: 'hi' })
    store.replace({ open: false })
    expect(store.get()).toEqual({ open: false })
    expect('message' in store.get()).toBe(false)
  })

  it('state$ replays the current value to a new subscriber', () => {
    const store = createStore({ n: 7 })
    const seen: number[] = []
    store.state$.subscribe((s) => seen.push(s.n)).unsubscribe()
    expect(seen).toEqual([7])
  })
})
