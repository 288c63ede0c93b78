import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../bus/bus.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { startAnalytics } from './startAnalytics.ts'

/** A sender download the test finishes by hand, to act before and after it arrives. */
function pendingSender() {
  const sent: string[] = []
  let arrive!: () => void
  let fail!: (error: Error) => void
  const load = () =>
    new Promise<(event: PorticoEvent) => void>((resolve, reject) => {
      arrive = () => resolve((event) => sent.push(event.type))
      fail = reject
    })
  return { sent, load, arrive: () => arrive(), fail: (error: Error) => fail(error) }
}

const close = (connected = false): PorticoEvent => ({ type: 'MODAL_CLOSE', properties: { connected } })
const open: PorticoEvent = { type: 'MODAL_OPEN', properties: { connected: false, view: 'Connect' } }

describe('startAnalytics: listening while the sender downloads', () => {
  it('queues the events of the first moments and sends them in order once the sender arrives, later ones at once', async () => {
    const bus = createEventBus()
    const sender = pendingSender()
    startAnalytics(bus.events$, sender.load, () => undefined)
    bus.emit(open)
    bus.emit(close())
    expect(sender.sent).toEqual([])
    sender.arrive()
    await vi.waitFor(() => expect(sender.sent).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']))
    bus.emit(open)
    expect(sender.sent).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN'])
  })

  it('sends nothing once unsubscribed, even when the sender arrives afterwards', async () => {
    const bus = createEventBus()
    const sender = pendingSender()
    const analytics = startAnalytics(bus.events$, sender.load, () => undefined)
    bus.emit(open)
    analytics.unsubscribe()
    sender.arrive()
    await new Promise((resolve) => setTimeout(resolve, 10))
    bus.emit(close())
    expect(sender.sent).toEqual([])
  })

  it('a sender that fails to load is reported once, drops the queue and stops listening', async () => {
    const bus = createEventBus()
    const sender = pendingSender()
    const onLoadFailed = vi.fn()
    const analytics = startAnalytics(bus.events$, sender.load, onLoadFailed)
    bus.emit(open)
    const error = new Error('chunk missing')
    sender.fail(error)
    await vi.waitFor(() => expect(onLoadFailed).toHaveBeenCalledWith(error))
    expect(analytics.closed).toBe(true)
    bus.emit(close())
    expect(onLoadFailed).toHaveBeenCalledTimes(1)
    expect(sender.sent).toEqual([])
  })
})
