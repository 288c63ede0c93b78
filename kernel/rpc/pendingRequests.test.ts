import { describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { SnackText } from '../errors/catalogue.ts'
import { createPendingRequests } from './pendingRequests.ts'

describe('pending requests (pending auth requests)', () => {
  it('rejectAll rejects every pending request once and empties the set', () => {
    const pending = createPendingRequests()
    const a = vi.fn()
    const b = vi.fn()
    pending.add(a)
    pending.add(b)
    expect(pending.size).toBe(2)
    pending.rejectAll()
    pending.rejectAll()
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(1)
    expect(pending.size).toBe(0)
  })

  it("the default rejection is the 'Signature declined' catalogue error", () => {
    const pending = createPendingRequests()
    const reject = vi.fn()
    pending.add(reject)
    pending.rejectAll()
    const reason = reject.mock.calls[0]![0] as PorticoError
    expect(reason).toBeInstanceOf(PorticoError)
    expect(reason.shortMessage).toBe(SnackText.SIGNATURE_DECLINED)
  })

  it('a given reason is passed through', () => {
    const pending = createPendingRequests()
    const reject = vi.fn()
    pending.add(reject)
    const reason = new Error('connection dropped')
    pending.rejectAll(reason)
    expect(reject).toHaveBeenCalledWith(reason)
  })

  it('a settled request is forgotten', () => {
    const pending = createPendingRequests()
    const reject = vi.fn()
    const settle = pending.add(reject)
    settle()
    pending.rejectAll()
    expect(reject).not.toHaveBeenCalled()
  })

  it('the transaction-pending flag is tracked', () => {
    const pending = createPendingRequests()
    expect(pending.transactionPending).toBe(false)
    pending.setTransactionPending(true)
    expect(pending.transactionPending).toBe(true)
    pending.setTransactionPending(false)
    expect(pending.transactionPending).toBe(false)
  })
})
