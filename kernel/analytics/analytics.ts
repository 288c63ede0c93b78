import type { Subscription } from 'rxjs'
import type { AlertService } from '../alerts/alertService.ts'
import type { EventBus } from '../bus/bus.ts'
import { type PorticoEvent, UNTRACKED_EVENTS } from '../bus/events.ts'
import { Alerts, httpStatusError } from '../errors/catalogue.ts'
import type { HttpClient } from '../http/httpClient.ts'

export interface AnalyticsDeps {
  bus: EventBus
  http: HttpClient
  alerts: AlertService
  projectId: string | undefined
  sdkType: string
  sdkVersion: string
  address(): string | undefined
  location(): { href: string; host: string }
  now?: () => number
}

/**
 * Sends bus events to POST /e (SPEC §7). Started only when the analytics
 * feature is on; MODAL_CREATED is never sent; a 403 (origin not on the
 * allowlist) shows 'Invalid App Configuration' once.
 */
export function startAnalytics(deps: AnalyticsDeps): Subscription {
  const now = deps.now ?? Date.now
  const send = async (event: PorticoEvent) => {
    const { type, ...data } = event
    const { href, host } = deps.location()
    try {
      await deps.http.send({
        path: 'e',
        params: { projectId: deps.projectId, st: deps.sdkType, sv: deps.sdkVersion },
        body: {
          eventId: globalThis.crypto.randomUUID(),
          url: href,
          domain: host,
          timestamp: now(),
          props: { event: type, ...data, address: deps.address() },
        },
      })
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(httpStatusError(403))) {
        deps.alerts.report(Alerts.INVALID_APP_CONFIGURATION)
      }
      // Analytics must never break the modal: other failures are dropped.
    }
  }
  return deps.bus.events$.subscribe((event) => {
    if (!UNTRACKED_EVENTS.has(event.type)) void send(event)
  })
}
