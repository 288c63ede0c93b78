import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SnackText } from '../errors/catalogue.ts'
import { createSnackService } from './snackService.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('snack', () => {
  it('a message shows at once when none is open', () => {
    const snack = createSnackService()
    snack.showSuccess(SnackText.TRANSACTION_STARTED)
    expect(snack.store.get()).toEqual({ open: true, message: SnackText.TRANSACTION_STARTED, variant: 'success' })
  })

  it('a new message while one is open hides the old one, then shows the new one after 150 ms', () => {
    const snack = createSnackService()
    snack.showLoading(SnackText.AUTHENTICATING)
    snack.showError(SnackText.SIGNATURE_DECLINED)
    // the old one is hidden at once (its text kept for the exit animation)
    expect(snack.store.get()).toEqual({ open: false, message: SnackText.AUTHENTICATING, variant: 'loading' })
    vi.advanceTimersByTime(149)
    expect(snack.store.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snack.store.get()).toEqual({ open: true, message: SnackText.SIGNATURE_DECLINED, variant: 'error' })
  })

  it('the store goes open(old) -> closed(old) -> open(new), never straight from old to new', () => {
    const snack = createSnackService()
    const seen: string[] = []
    snack.store.subscribe((s) => seen.push(`${s.open ? 'open' : 'closed'}:${s.message}`))
    snack.showLoading('one')
    snack.showSuccess('two')
    vi.advanceTimersByTime(150)
    expect(seen).toEqual(['open:one', 'closed:one', 'open:two'])
  })

  it.each([
    ['showLoading', 'loading'],
    ['showSuccess', 'success'],
    ['showError', 'error'],
  ] as const)('Snack types: %s shows a %s snack', (method, variant) => {
    const snack = createSnackService()
    snack[method]('message')
    expect(snack.store.get()).toEqual({ open: true, message: 'message', variant })
  })

  it.each(['success', 'error'] as const)('a %s snack hides itself after 2.5 s', (variant) => {
    const snack = createSnackService()
    snack.show('done', variant)
    vi.advanceTimersByTime(2_499)
    expect(snack.store.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(snack.store.get().open).toBe(false)
  })

  it('a loading snack stays until replaced or hidden', () => {
    const snack = createSnackService()
    snack.showLoading(SnackText.AUTHENTICATING)
    vi.advanceTimersByTime(60_000)
    expect(snack.store.get().open).toBe(true)
    snack.hide()
    expect(snack.store.get().open).toBe(false)
  })

  it("the old snack's auto-hide does not cut the new one short", () => {
    const snack = createSnackService()
    snack.showSuccess('first')
    vi.advanceTimersByTime(2_400)
    snack.showLoading('second')
    vi.advanceTimersByTime(150)
    expect(snack.store.get()).toEqual({ open: true, message: 'second', variant: 'loading' })
    vi.advanceTimersByTime(5_000)
    expect(snack.store.get()).toEqual({ open: true, message: 'second', variant: 'loading' })
  })

  it('hide during the 150 ms swap cancels the pending message', () => {
    const snack = createSnackService()
    snack.showLoading('one')
    snack.showError('two')
    snack.hide()
    vi.advanceTimersByTime(300)
    expect(snack.store.get().open).toBe(false)
    expect(snack.store.get().message).toBe('one')
  })

  it('the last of several quick messages is the one shown', () => {
    const snack = createSnackService()
    snack.showLoading('one')
    snack.showError('two')
    vi.advanceTimersByTime(50)
    snack.showSuccess('three')
    vi.advanceTimersByTime(150)
    expect(snack.store.get()).toMatchObject({ open: true, message: 'three', variant: 'success' })
  })
})
