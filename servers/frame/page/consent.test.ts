import { describe, expect, it } from 'vitest'
import { deviceAwaitingConsent } from '../../../protocol/consentText.ts'
import type { FrameEvent } from '../../../protocol/frameProtocol.ts'
import type { Api } from './api.ts'
import { ApiRefusal } from './api.ts'
import { asDeviceWaiting, createConsentWatch, DeviceWaiting, isRefused } from './consent.ts'
import type { SessionStore } from './session.ts'

// The frame's two ends of a new device's consent, over the frame server's answers as it gives
// them (servers/frame/server.test.ts checks the server gives exactly these).

describe("the new device: held, with the time in the visitor's zone", () => {
  it("turns the server's 403 with releaseAt into the catalogue text; a refusal and other errors stay as they are", () => {
    const releaseAt = '2026-11-28T16:40:00.000Z'
    const held = asDeviceWaiting(new ApiRefusal(403, 'Approve this device on a device you already use, or wait until the time given', { releaseAt }))
    expect(held).toBeInstanceOf(DeviceWaiting)
    expect((held as DeviceWaiting).releaseAt.toISOString()).toBe(releaseAt)
    expect((held as DeviceWaiting).message).toBe(deviceAwaitingConsent(new Date(releaseAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })))
    const refused = new ApiRefusal(403, 'This device was refused access to the wallet')
    expect(asDeviceWaiting(refused)).toBe(refused)
    expect(isRefused(refused)).toBe(true)
    const other = new ApiRefusal(404, 'No wallet to recover')
    expect(asDeviceWaiting(other)).toBe(other)
  })
})

describe('the existing device: announces each waiting device once', () => {
  it('emits DEVICE_PENDING for new waiting devices only, and not while signed out or hidden', async () => {
    const waiting = (deviceId: string) => ({
      deviceId,
      device: 'Chrome on Windows',
      network: '192.0.2.0/24',
      site: 'Acme',
      requestedAt: '2026-11-26T16:40:00.000Z',
      releaseAt: '2026-11-28T16:40:00.000Z',
    })
    let devices = [waiting('device-b-0001')]
    const api = { call: async () => ({ devices }) } as unknown as Api
    let signedIn = true
    const session = { get: () => (signedIn ? {} : undefined) } as unknown as SessionStore
    const doc = { visibilityState: 'visible' } as { visibilityState: DocumentVisibilityState }
    const events: FrameEvent[] = []
    const watch = createConsentWatch({ api, session, emit: (event) => events.push(event), doc: doc as Document })
    const tick = async () => {
      watch.start()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await tick()
    await tick()
    expect(events).toEqual([{ type: '@portico-frame/DEVICE_PENDING', payload: { count: 1 } }])
    devices = [waiting('device-b-0001'), waiting('device-c-0001')]
    doc.visibilityState = 'hidden'
    await tick()
    signedIn = false
    doc.visibilityState = 'visible'
    await tick()
    expect(events).toHaveLength(1)
    signedIn = true
    await tick()
    expect(events.at(-1)).toEqual({ type: '@portico-frame/DEVICE_PENDING', payload: { count: 1 } })
    expect(events).toHaveLength(2)
    watch.stop()
  })
})
