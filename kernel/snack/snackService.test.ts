import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SNACK_SWAP_DELAY_MS } from '../constants.ts'
import { SnackText } from '../errors/catalogue.ts'
import { SNACK_AUTO_HIDE_MS, createSnackService } from './snackService.ts'

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
    vi.advanceTimersByTime(SNACK_SWAP_DELAY_MS - 1)
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
    vi.advanceTimersByTime(SNACK_SWAP_DELAY_MS)
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

  it.each(['success', 'error'] as const)('a %s snack hides itself after SNACK_AUTO_HIDE_MS', (variant) => {
    const snack = createSnackService()
    snack.show('done', variant)
    vi.advanceTimersByTime(SNACK_AUTO_HIDE_MS - 1)
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
    vi.advanceTimersByTime(SNACK_AUTO_HIDE_MS - 100)
    snack.showLoading('second')
    vi.advanceTimersByTime(SNACK_SWAP_DELAY_MS)
    expect(snack.store.get()).toEqual({ open: true, message: 'second', variant: 'loading' })
    vi.advanceTimersByTime(SNACK_AUTO_HIDE_MS * 2)
    expect(snack.store.get()).toEqual({ open: true, message: 'second', variant: 'loading' })
  })

  it('hide during the 150 ms swap cancels the pending message', () => {
    const snack = createSnackService()
    snack.showLoading('one')
    snack.showError('two')
    snack.hide()
    vi.advanceTimersByTime(SNACK_SWAP_DELAY_MS * 2)
    expect(snack.store.get().open).toBe(false)
    expect(snack.store.get().message).toBe('one')
  })

  it('the last of several quick messages is the one shown', () => {
    const snack = createSnackService()
    snack.showLoading('one')
    snack.showError('two')
    vi.advanceTimersByTime(50)
    snack.showSuccess('three')
    vi.advanceTimersByTime(SNACK_SWAP_DELAY_MS)
    expect(snack.store.get()).toMatchObject({ open: true, message: 'three', variant: 'success' })
  })
})
