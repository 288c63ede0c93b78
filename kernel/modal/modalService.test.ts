import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { mainnet, solana } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { createMemoryBackend } from '../storage/storage.ts'

// A plugin that offers the basic-mode views, as the WalletConnect plugin does.
const basicModePlugin = definePlugin({
  id: 'basic-mode',
  contributes: { views: ['PhoneWallets', 'PhoneWalletQr'], basicMode: { view: 'PhoneWalletQr', mobileView: 'PhoneWallets' } },
  load: async () => ({ activate: () => undefined }),
})

function makeKit(options: Partial<PorticoOptions> = {}, { mobile = false } = {}) {
  return createKernel(
    { projectId: 'p', networks: [mainnet, solana], plugins: [basicModePlugin], ...options, features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => mobile, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )
}

type Kit = ReturnType<typeof makeKit>

const connect = (kit: Kit) => kit.chains.updateAccount('eip155', { caipAddress: 'eip155:1:0xabc', address: '0xabc', status: 'connected' })

const views = (kit: Kit) => kit.router.store.get().history.map((entry) => entry.view)

afterEach(() => {
  vi.useRealTimers()
})

describe('opening the modal', () => {
  it('modal goes from closed to open on open', () => {
    const kit = makeKit()
    expect(kit.modal.store.get().open).toBe(false)
    kit.open()
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('an explicitly requested view is shown, with its data', () => {
    const kit = makeKit()
    kit.open({ view: 'ConnectingExternal', data: { connector: 'io.metamask' } })
    expect(kit.router.store.get().history).toEqual([{ view: 'ConnectingExternal', data: { connector: 'io.metamask' } }])
  })

  it('an explicit view wins over Account when connected', () => {
    const kit = makeKit()
    connect(kit)
    kit.open({ view: 'PhoneWallets' })
    expect(views(kit)).toEqual(['PhoneWallets'])
  })

  it('otherwise it shows Account when connected', () => {
    const kit = makeKit()
    connect(kit)
    kit.open()
    expect(views(kit)).toEqual(['Account'])
  })

  it('otherwise it shows Connect when not connected', () => {
    const kit = makeKit()
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
  })

  it('an address with status still connecting is not connected: Connect', () => {
    const kit = makeKit()
    kit.chains.updateAccount('eip155', { caipAddress: 'eip155:1:0xabc', address: '0xabc', status: 'connecting' })
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
  })

  it('opening resets the stack to a single entry', () => {
    const kit = makeKit()
    kit.open()
    kit.router.push('PhoneWallets')
    kit.close()
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
  })

  it("no adapters and no address: the basic-mode plugin's mobile view on mobile", () => {
    const kit = makeKit({ adapters: [] }, { mobile: true })
    kit.open()
    expect(views(kit)).toEqual(['PhoneWallets'])
  })

  it("no adapters and no address: the basic-mode plugin's view when not mobile", () => {
    const kit = makeKit({ adapters: [] }, { mobile: false })
    kit.open()
    expect(views(kit)).toEqual(['PhoneWalletQr'])
  })

  it('no adapters and no address wins over an explicit view', () => {
    const kit = makeKit({ adapters: [] })
    kit.open({ view: 'Account' })
    expect(views(kit)).toEqual(['PhoneWalletQr'])
  })

  it('no adapters but an address: the usual rules apply (Account when connected)', () => {
    const kit = makeKit({ adapters: [] }, { mobile: true })
    connect(kit)
    kit.open()
    expect(views(kit)).toEqual(['Account'])
  })

  it('no adapters and no plugin offering basic-mode views: Connect', () => {
    const kit = makeKit({ adapters: [], plugins: [] }, { mobile: true })
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
  })

  it('with adapters and no address on mobile: Connect, not the basic-mode view', () => {
    const kit = makeKit({}, { mobile: true })
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
  })

  it('open emits MODAL_OPEN with the view and connection', () => {
    const kit = makeKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))
    connect(kit)
    kit.open()
    expect(events).toEqual([{ type: 'MODAL_OPEN', properties: { connected: true, view: 'Account' } }])
  })
})

describe('closing the modal', () => {
  it('modal goes back to closed on close, and MODAL_CLOSE is emitted', () => {
    const kit = makeKit()
    const events: PorticoEvent[] = []
    kit.open()
    kit.subscribeEvents((e) => events.push(e))
    kit.close()
    expect(kit.modal.store.get().open).toBe(false)
    expect(events).toEqual([{ type: 'MODAL_CLOSE', properties: { connected: false } }])
  })

  it('on close, loading is cleared', () => {
    const kit = makeKit()
    kit.open()
    kit.modal.setLoading(true)
    expect(kit.modal.store.get().loading).toBe(true)
    kit.close()
    expect(kit.modal.store.get().loading).toBe(false)
  })

  it("on close, plugins' close clean-ups run (the pairing uri is reset)", () => {
    const kit = makeKit()
    const cleanup = vi.fn()
    kit.services.hooks.addCloseCleanup(cleanup)
    kit.open()
    kit.close()
    expect(cleanup).toHaveBeenCalledTimes(1)
  })

  it('in embedded mode, close goes to Account if connected', () => {
    const kit = makeKit({ enableEmbedded: true })
    connect(kit)
    kit.open({ view: 'PhoneWallets' })
    kit.router.push('ConnectingExternal', { connector: 'x' })
    kit.close()
    expect(kit.router.store.get().history).toEqual([{ view: 'Account' }])
  })

  it('in embedded mode, close goes to Connect if not connected', () => {
    const kit = makeKit({ enableEmbedded: true })
    kit.open({ view: 'PhoneWallets' })
    kit.close()
    expect(kit.router.store.get().history).toEqual([{ view: 'Connect' }])
  })

  it('outside embedded mode, close leaves the view stack alone', () => {
    const kit = makeKit()
    kit.open({ view: 'PhoneWallets' })
    kit.router.push('ConnectingExternal', { connector: 'x' })
    kit.close()
    expect(views(kit)).toEqual(['PhoneWallets', 'ConnectingExternal'])
  })

  it('if the modal closes with no pending transaction, pending auth requests are rejected', () => {
    const kit = makeKit()
    const pending = kit.services.pending
    const reject = vi.fn()
    pending.add(reject)
    kit.open()
    kit.close()
    expect(reject).toHaveBeenCalledTimes(1)
    expect(reject.mock.calls[0]![0]).toBeInstanceOf(Error)
    expect(pending.size).toBe(0)
  })

  it('if a transaction is pending when the modal closes, pending requests are kept', () => {
    const kit = makeKit()
    const pending = kit.services.pending
    const reject = vi.fn()
    pending.add(reject)
    pending.setTransactionPending(true)
    kit.open()
    kit.close()
    expect(reject).not.toHaveBeenCalled()
    expect(pending.size).toBe(1)
  })

  it('a request that settled on its own is not rejected on close', () => {
    const kit = makeKit()
    const pending = kit.services.pending
    const reject = vi.fn()
    const settle = pending.add(reject)
    settle()
    kit.open()
    kit.close()
    expect(reject).not.toHaveBeenCalled()
  })
})

describe("closing refused by a plugin's close guard (a required sign-in)", () => {
  const guarded = () => {
    const kit = makeKit()
    let refuse = true
    kit.services.hooks.addCloseGuard(() => refuse)
    return { kit, allow: () => (refuse = false) }
  }

  it('close, Escape and back are refused while the guard says so', () => {
    const { kit } = guarded()
    kit.open({ view: 'SignIn' })
    expect(kit.modal.isCloseDisabled()).toBe(true)
    kit.close()
    expect(kit.modal.store.get().open).toBe(true)
    kit.router.goBack()
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('once the guard allows it, closing works again', () => {
    const { kit, allow } = guarded()
    kit.open({ view: 'SignIn' })
    allow()
    expect(kit.modal.isCloseDisabled()).toBe(false)
    kit.close()
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('a guard registered and then disposed no longer refuses', () => {
    const kit = makeKit()
    const dispose = kit.services.hooks.addCloseGuard(() => true)
    dispose()
    kit.open()
    kit.close()
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('a refused close does not reject pending requests or run the close clean-ups', () => {
    const { kit } = guarded()
    const reject = vi.fn()
    const cleanup = vi.fn()
    kit.services.pending.add(reject)
    kit.services.hooks.addCloseCleanup(cleanup)
    kit.open({ view: 'SignIn' })
    kit.close()
    expect(reject).not.toHaveBeenCalled()
    expect(cleanup).not.toHaveBeenCalled()
  })

  it('a refused close shakes the modal for exactly 500 ms', () => {
    vi.useFakeTimers()
    const { kit } = guarded()
    kit.open({ view: 'SignIn' })
    expect(kit.modal.store.get().shake).toBe(false)
    kit.close()
    expect(kit.modal.store.get().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(kit.modal.store.get().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(kit.modal.store.get().shake).toBe(false)
  })

  it('shake 500 ms: a second shake restarts the 500 ms', () => {
    vi.useFakeTimers()
    const kit = makeKit()
    kit.modal.shake()
    vi.advanceTimersByTime(300)
    kit.modal.shake()
    vi.advanceTimersByTime(499)
    expect(kit.modal.store.get().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(kit.modal.store.get().shake).toBe(false)
  })
})
