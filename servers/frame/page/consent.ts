import * as v from 'valibot'
import { DeviceConsentText, deviceAwaitingConsent } from '../../../protocol/consentText.ts'
import type { FrameEvent } from '../../../protocol/frameProtocol.ts'
import { type Api, ApiRefusal } from './api.ts'
import type { ApprovalRow } from './signing.ts'
import type { SessionStore } from './session.ts'

/**
 * A device new to an account gets the server's shares only once a device that already holds
 * the wallet approves it, in that device's frame, or after a delay the account is told of by
 * mail. This module is both ends as the frame sees them: the new device's wait, and the
 * existing device's watch for devices to approve.
 */

/** The new device is held: its message says until when, in the visitor's own time zone. */
export class DeviceWaiting extends Error {
  constructor(readonly releaseAt: Date) {
    super(deviceAwaitingConsent(localTime(releaseAt)))
  }
}

const localTime = (time: Date) => time.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const Waiting = v.object({ releaseAt: v.pipe(v.string(), v.isoTimestamp()) })

/** The server's 403 for a held device, as a DeviceWaiting; any other error as it was. */
export function asDeviceWaiting(error: unknown): unknown {
  if (!(error instanceof ApiRefusal) || error.status !== 403) return error
  const waiting = v.safeParse(Waiting, error.details)
  return waiting.success ? new DeviceWaiting(new Date(waiting.output.releaseAt)) : error
}

export const isRefused = (error: unknown) => error instanceof ApiRefusal && error.status === 403 && error.message === DeviceConsentText.REFUSED

const Pending = v.object({
  devices: v.array(
    v.object({
      deviceId: v.string(),
      device: v.string(),
      network: v.string(),
      site: v.string(),
      requestedAt: v.pipe(v.string(), v.isoTimestamp()),
      releaseAt: v.pipe(v.string(), v.isoTimestamp()),
    }),
  ),
})
export type PendingDevice = v.InferOutput<typeof Pending>['devices'][number]

/** How often a signed-in frame in a visible tab asks whether a new device waits for its consent. */
export const CONSENT_POLL_MS = 10_000

export interface ConsentWatchDeps {
  api: Api
  session: SessionStore
  emit(event: FrameEvent): void
  doc: Document
}

/**
 * The existing device's side. The server cannot reach the frame, so the frame asks: at once
 * when the host connects or restores (GET_USER, IS_CONNECTED, a login), then every 10 s
 * while the tab is visible, since the new device may ask at any time of the visit and a
 * hidden tab has nobody to ask. A device waiting is announced to the host once
 * (DEVICE_PENDING); the host then shows the frame and sends REVIEW_DEVICES.
 */
export function createConsentWatch(deps: ConsentWatchDeps) {
  const announced = new Set<string>()
  let timer: ReturnType<typeof setInterval> | undefined

  const pending = async (): Promise<PendingDevice[]> => (await deps.api.call('GET', '/v1/devices/pending', Pending, { auth: true })).devices

  async function check(): Promise<void> {
    if (!deps.session.get() || deps.doc.visibilityState === 'hidden') return
    const fresh = (await pending()).filter((device) => !announced.has(device.deviceId))
    if (fresh.length === 0) return
    fresh.forEach((device) => announced.add(device.deviceId))
    deps.emit({ type: '@portico-frame/DEVICE_PENDING', payload: { count: fresh.length } })
  }

  return {
    /** Checks now and keeps checking; a failed check is tried again at the next tick. */
    start() {
      void check().catch(() => undefined)
      timer ??= setInterval(() => void check().catch(() => undefined), CONSENT_POLL_MS)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
      announced.clear()
    },
    pending,
  }
}
export type ConsentWatch = ReturnType<typeof createConsentWatch>

/** What the frame's own approval panel shows for a waiting device. */
export function consentRows(device: PendingDevice): ApprovalRow[] {
  return [
    { label: DeviceConsentText.DEVICE, value: device.device },
    { label: DeviceConsentText.NETWORK, value: device.network },
    { label: DeviceConsentText.ASKED_AT, value: localTime(new Date(device.requestedAt)) },
    { label: DeviceConsentText.RELEASE_AT, value: localTime(new Date(device.releaseAt)) },
  ]
}
