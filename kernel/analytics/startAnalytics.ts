import type { Observable, Subscription } from '../store/observable.ts'
import type { PorticoEvent } from '../bus/events.ts'

/**
 * Listens to the kit's events from its creation while the sender downloads
 * (a lazy chunk, so apps without analytics never ship it): events of the first
 * moments, such as an open right after createPortico, wait in a queue and go
 * out in order once it arrives. A sender that fails to load drops them, since
 * analytics must never break the modal. Unsubscribing stops everything,
 * including a sender still on its way.
 */
export function startAnalytics(events$: Observable<PorticoEvent>, loadSender: () => Promise<(event: PorticoEvent) => void>, onLoadFailed: (error: unknown) => void): Subscription {
  let queue: PorticoEvent[] = []
  let send: ((event: PorticoEvent) => void) | undefined
  const events = events$.subscribe((event) => (send ? send(event) : queue.push(event)))
  const subscription: Subscription = {
    get closed() {
      return events.closed
    },
    unsubscribe() {
      queue = []
      events.unsubscribe()
    },
  }
  loadSender().then(
    (sender) => {
      if (subscription.closed) return
      send = sender
      for (const event of queue.splice(0)) sender(event)
    },
    (error: unknown) => {
      subscription.unsubscribe()
      onLoadFailed(error)
    },
  )
  return subscription
}
