import { describe, expect, it, vi } from 'vitest'
import type { PorticoEvent } from '../bus/events.ts'
import { createEventBus } from '../bus/bus.ts'
import { Alerts, ProviderErrorText } from '../errors/catalogue.ts'
import { createAlertService } from './alertService.ts'

const setup = () => {
  const bus = createEventBus()
  const events: PorticoEvent[] = []
  bus.events$.subscribe((e) => events.push(e))
  const log = vi.fn()
  return { alerts: createAlertService(bus, log), events, log }
}

describe('alerts', () => {
  it('an alert is shown, logged and announced on the bus', () => {
    const { alerts, events, log } = setup()
    expect(alerts.report(Alerts.NETWORK_NOT_FOUND)).toBe(true)
    expect(alerts.store.get().current).toEqual({ alert: Alerts.NETWORK_NOT_FOUND, variant: 'error' })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]![0]).toContain(Alerts.NETWORK_NOT_FOUND.shortMessage)
    expect(events).toEqual([{ type: 'ALERT_REPORTED', properties: { code: Alerts.NETWORK_NOT_FOUND.code, message: Alerts.NETWORK_NOT_FOUND.shortMessage } }])
  })

  it('each alert code is reported once, even after being dismissed', () => {
    const { alerts, events } = setup()
    expect(alerts.report(Alerts.SESSION_EXPIRED)).toBe(true)
    alerts.dismiss()
    expect(alerts.store.get().current).toBeUndefined()
    expect(alerts.report(Alerts.SESSION_EXPIRED)).toBe(false)
    expect(alerts.report(Alerts.SESSION_EXPIRED, 'warning')).toBe(false)
    expect(alerts.store.get().current).toBeUndefined()
    expect(events).toHaveLength(1)
  })

  it('an alert answering a visitor action (once: false) shows every time', () => {
    const { alerts, events } = setup()
    expect(alerts.report(Alerts.NETWORK_NOT_FOUND, 'error', { once: false })).toBe(true)
    alerts.dismiss()
    expect(alerts.report(Alerts.NETWORK_NOT_FOUND, 'error', { once: false })).toBe(true)
    expect(alerts.store.get().current?.alert).toBe(Alerts.NETWORK_NOT_FOUND)
    expect(events).toHaveLength(2)
  })

  it('different alerts are each reported, the latest one shows', () => {
    const { alerts } = setup()
    alerts.report(Alerts.SESSION_EXPIRED)
    alerts.report(Alerts.INVALID_PROJECT_ID, 'warning')
    expect(alerts.store.get().current).toEqual({ alert: Alerts.INVALID_PROJECT_ID, variant: 'warning' })
  })

  it.each([
    ['Unauthorized: origin not allowed', 'Invalid App Configuration'],
    ['JWT validation error: JWT Token is not yet valid', 'Session Expired'],
    ['Unauthorized: invalid key', 'Invalid Project ID'],
  ])('the provider error %j shows the alert %j', (text, shortMessage) => {
    const { alerts } = setup()
    expect(alerts.reportProviderError(text)).toBe(true)
    expect(alerts.store.get().current?.alert.shortMessage).toBe(shortMessage)
  })

  it('a provider error text inside a longer message still maps', () => {
    const { alerts } = setup()
    expect(alerts.reportProviderError(`Error: ${ProviderErrorText.INVALID_KEY} (code 401)`)).toBe(true)
    expect(alerts.store.get().current?.alert).toBe(Alerts.INVALID_PROJECT_ID)
  })

  it('alerts from provider errors are each reported once', () => {
    const { alerts, events } = setup()
    expect(alerts.reportProviderError(ProviderErrorText.ORIGIN_NOT_ALLOWED)).toBe(true)
    expect(alerts.reportProviderError(ProviderErrorText.ORIGIN_NOT_ALLOWED)).toBe(false)
    expect(alerts.reportProviderError(ProviderErrorText.JWT_NOT_YET_VALID)).toBe(true)
    expect(alerts.reportProviderError(ProviderErrorText.JWT_NOT_YET_VALID)).toBe(false)
    expect(events.map((e) => e.type === 'ALERT_REPORTED' && e.properties.code)).toEqual([Alerts.INVALID_APP_CONFIGURATION.code, Alerts.SESSION_EXPIRED.code])
  })

  it('an unmapped provider error raises no alert', () => {
    const { alerts, events } = setup()
    expect(alerts.reportProviderError('Unauthorized: something else')).toBe(false)
    expect(alerts.store.get().current).toBeUndefined()
    expect(events).toEqual([])
  })

  it('alerts of two kits are counted separately', () => {
    const a = setup()
    const b = setup()
    a.alerts.report(Alerts.SOCIALS_TIMEOUT)
    expect(b.alerts.report(Alerts.SOCIALS_TIMEOUT)).toBe(true)
  })
})
