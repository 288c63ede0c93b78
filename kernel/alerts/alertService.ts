import type { EventBus } from '../bus/bus.ts'
import { type AlertDefinition, ProviderErrorAlert } from '../errors/firstScreenTexts.ts'
import { createStore, type Store } from '../store/createStore.ts'

export type AlertVariant = 'error' | 'warning' | 'info'

export interface AlertState {
  readonly current?: { readonly alert: AlertDefinition; readonly variant: AlertVariant }
}

export interface AlertService {
  readonly store: Store<AlertState>
  /**
   * Shows an alert; each alert code is reported once per kit. Returns whether it was shown.
   * `once: false` shows it every time, for alerts that answer a visitor's action (network not found).
   */
  report(alert: AlertDefinition, variant?: AlertVariant, options?: { readonly once?: boolean }): boolean
  /** Maps a provider error text to its alert and reports it; false when the text is not mapped. */
  reportProviderError(message: string): boolean
  dismiss(): void
}

export function createAlertService(bus: EventBus, log: (message: string) => void): AlertService {
  const store = createStore<AlertState>({})
  const reported = new Set<string>()

  const report: AlertService['report'] = (alert, variant = 'error', { once = true } = {}) => {
    if (once && reported.has(alert.code)) return false
    reported.add(alert.code)
    store.set({ current: { alert, variant } })
    log(`[Portico] ${alert.shortMessage}: ${alert.longMessage}`)
    bus.emit({ type: 'ALERT_REPORTED', properties: { code: alert.code, message: alert.shortMessage } })
    return true
  }

  return {
    store,
    report,
    reportProviderError(message) {
      const alert = Object.entries(ProviderErrorAlert).find(([text]) => message.includes(text))?.[1]
      return alert ? report(alert) : false
    },
    dismiss: () => store.set({ current: undefined }),
  }
}
