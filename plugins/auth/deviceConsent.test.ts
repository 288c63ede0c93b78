import { describe, expect, it, vi } from 'vitest'
import { resolve } from '../../kernel/index.ts'
import { IAuthService } from './index.ts'
import { createAuthKit } from './test/authKit.ts'

// The host's half of a new device's consent: it shows the frame and lets the frame ask; it
// never approves anything itself (no host request approves a device: the frame's panel does).

async function signedIn() {
  const setup = createAuthKit()
  await setup.kit.restored
  await setup.kit.plugins.load('auth')
  const auth = resolve(await setup.kit.container(), IAuthService)
  await auth.connect()
  return setup
}

describe('device consent on the host', () => {
  it('DEVICE_PENDING opens the modal on ApproveDevice and sends REVIEW_DEVICES; the answer closes it again', async () => {
    const { kit, frame } = await signedIn()
    frame.emit({ type: '@portico-frame/DEVICE_PENDING', payload: { count: 1 } })
    await vi.waitFor(() => frame.held('REVIEW_DEVICES'))
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('ApproveDevice')
    frame.held('REVIEW_DEVICES').resolve({ approved: 1, refused: 0 })
    await vi.waitFor(() => expect(kit.modal.store.get().open).toBe(false))
  })

  it('DEVICE_RELEASED connects the kit through the AUTH connector (the login held for consent finishes)', async () => {
    const setup = createAuthKit()
    await setup.kit.restored
    await setup.kit.plugins.load('auth')
    // The frame is loaded by a login attempt that was held; then the frame says the hold is over.
    await resolve(await setup.kit.container(), IAuthService).preload()
    expect(setup.kit.chains.record('eip155')!.accountState.address).toBeUndefined()
    setup.frame.emit({ type: '@portico-frame/DEVICE_RELEASED', payload: {} })
    await vi.waitFor(() => expect(setup.kit.chains.record('eip155')!.accountState.address).toBeDefined())
  })
})
