import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitForReceipt } from './kitChain.ts'

const HASH = `0x${'ab'.repeat(32)}`

/** The wallet's answers to eth_getTransactionReceipt, one per ask; the last repeats. */
function receipts(...answers: ({ status: '0x0' | '0x1' } | null)[]) {
  const asked: number[] = []
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (method !== 'eth_getTransactionReceipt') throw new Error(`unexpected ${method}`)
    asked.push(Date.now())
    return answers[Math.min(asked.length - 1, answers.length - 1)]
  })
  return { request, asked }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('waitForReceipt (the swap waits for its approval to be mined)', () => {
  it('asks at once, then 500 ms after each answer without a receipt, and resolves on status 0x1', async () => {
    vi.useFakeTimers()
    const { request, asked } = receipts(null, null, { status: '0x1' })
    let done = false
    const waiting = waitForReceipt(request, HASH).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(asked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(500)
    await waiting
    expect(asked).toHaveLength(3)
    expect(done).toBe(true)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(asked).toHaveLength(3)
  })

  it('a reverted receipt (status 0x0) fails the wait', async () => {
    const { request } = receipts({ status: '0x0' })
    await expect(waitForReceipt(request, HASH)).rejects.toMatchObject({ shortMessage: `transaction ${HASH} reverted` })
  })

  it('a transaction not mined within 120 s fails, not a moment before, and nothing is asked after', async () => {
    vi.useFakeTimers()
    const { request, asked } = receipts(null)
    let settled = false
    const outcome = waitForReceipt(request, HASH).catch((error: Error) => ((settled = true), error))
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ shortMessage: `transaction ${HASH} was not mined within 120 s` })
    const atFailure = asked.length
    await vi.advanceTimersByTimeAsync(5_000)
    expect(asked).toHaveLength(atFailure)
  })
})
