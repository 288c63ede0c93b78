import { Subject, mergeMap, switchMap, timer } from 'rxjs'
import { UNTRACKED_EVENTS } from '../bus/events.ts'
import { createHttpClient } from '../http/httpClient.ts'
import type { AlertService } from '../alerts/alertService.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { Alerts, httpStatusError } from '../errors/catalogue.ts'

export interface AnalyticsDeps {
  /** The integrator's `endpoints.analytics`; there is no default host. */
  endpoint: string
  fetch: typeof fetch
  alerts: AlertService
  projectId: string | undefined
  sdkType: string
  sdkVersion: string
  address(): string | undefined
  location(): { href: string; host: string }
  now?: () => number
}

/**
 * Posts in flight at once. The browser gives a page six connections per host and a
 * bounded number of pending requests: telemetry takes few of them, so an app that
 * opens and closes the modal in a loop neither holds up its own requests nor runs
 * the page out of request slots (net::ERR_INSUFFICIENT_RESOURCES).
 */
const ANALYTICS_IN_FLIGHT = 2

/** Events waiting for a post; beyond this the oldest waiting one is dropped. */
const ANALYTICS_WAITING = 50

/**
 * The analytics sender, downloaded only when an endpoint is configured: each
 * event goes to POST {endpoint}/e, in the order emitted, with what it describes
 * (time, page, address) taken when it happens. MODAL_CREATED and MODAL_SHOWN are
 * never sent; a 403 (origin not on the allowlist) shows 'Invalid App Configuration',
 * which the alert service reports once.
 */
export function createAnalytics(deps: AnalyticsDeps): (event: PorticoEvent) => void {
  const http = createHttpClient(deps.endpoint, deps.fetch)
  const now = deps.now ?? Date.now
  const post = async (body: object) => {
    try {
      await http.post({ path: 'e', params: { projectId: deps.projectId, st: deps.sdkType, sv: deps.sdkVersion }, body })
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(httpStatusError(403))) {
        deps.alerts.report(Alerts.INVALID_APP_CONFIGURATION)
      }
      // Analytics must never break the modal: other failures are dropped.
    }
  }
  // The bounded buffer: mergeMap holds one ticket per waiting body and, when a post slot
  // frees, runs the next ticket, which takes the oldest body. A body dropped for the 51st
  // leaves its ticket to the newcomer, so neither tickets nor bodies grow past 50.
  const waiting: object[] = []
  const tickets = new Subject<void>()
  tickets
    .pipe(
      mergeMap(() => {
        const body = waiting.shift()!
        // The post waits for a task of its own: an event emitted in the click that opens
        // the modal must not put a fetch in the way of showing the dialog.
        return timer(0).pipe(switchMap(() => post(body)))
      }, ANALYTICS_IN_FLIGHT),
    )
    .subscribe()
  return (event) => {
    if (UNTRACKED_EVENTS.has(event.type)) return
    const { type, ...data } = event
    const { href, host } = deps.location()
    waiting.push({
      eventId: globalThis.crypto.randomUUID(),
      url: href,
      domain: host,
      timestamp: now(),
      props: { event: type, ...data, address: deps.address() },
    })
    if (waiting.length > ANALYTICS_WAITING) waiting.shift()
    else tickets.next()
  }
}
