import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { createRouter } from './router.ts'

const makeKit = () =>
  createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )

const views = (kit: { router: { store: { get(): { history: readonly { view: string }[] } } } }) => kit.router.store.get().history.map((entry) => entry.view)

const routerDeps = () => ({ prefetch: vi.fn(), closeModal: vi.fn(), onPopped: vi.fn() })

afterEach(() => {
  vi.useRealTimers()
})

describe('view stack (no URL routes, an internal view stack)', () => {
  it('the stack starts with one entry, Connect by default', () => {
    expect(createRouter(routerDeps()).store.get().history).toEqual([{ view: 'Connect' }])
    expect(createRouter(routerDeps(), 'Account').current()).toEqual({ view: 'Account' })
  })

  it('push adds a view on top, with its per-view data', () => {
    const router = createRouter(routerDeps())
    router.push('ConnectingExternal', { connector: 'io.metamask' })
    expect(router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: 'io.metamask' } })
    router.push('ConnectingWalletConnect', { wallet: { id: 'w' } })
    expect(router.store.get().history).toEqual([
      { view: 'Connect' },
      { view: 'ConnectingExternal', data: { connector: 'io.metamask' } },
      { view: 'ConnectingWalletConnect', data: { wallet: { id: 'w' } } },
    ])
  })

  it('replace swaps the top view and keeps the rest of the history', () => {
    const router = createRouter(routerDeps())
    router.push('WalletCatalogue')
    router.replace('ConnectingWalletConnectBasic')
    expect(router.store.get().history.map((e) => e.view)).toEqual(['Connect', 'ConnectingWalletConnectBasic'])
  })

  it('reset leaves a single entry', () => {
    const router = createRouter(routerDeps())
    router.push('WalletCatalogue')
    router.push('ConnectingExternal', { connector: 'x' })
    router.reset('Account', { tab: 2 })
    expect(router.store.get().history).toEqual([{ view: 'Account', data: { tab: 2 } }])
  })

  it('reset to the single view already shown, without data, changes nothing (a view rendered ahead of the open is kept)', () => {
    const router = createRouter(routerDeps())
    const before = router.store.get()
    const seen: unknown[] = []
    router.store.subscribe((state) => seen.push(state))
    seen.length = 0
    router.reset('Connect')
    expect(router.store.get()).toBe(before)
    expect(seen).toEqual([])
    router.reset('Connect', { tab: 1 })
    expect(router.store.get().history).toEqual([{ view: 'Connect', data: { tab: 1 } }])
  })

  it('back pops the history and restores the data of the view below', () => {
    const deps = routerDeps()
    const router = createRouter(deps)
    router.push('ConnectingExternal', { connector: 'a' })
    router.push('WalletCatalogue')
    router.goBack()
    expect(router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: 'a' } })
    expect(deps.onPopped).toHaveBeenCalledWith({ view: 'WalletCatalogue' })
    router.goBack()
    expect(router.current()).toEqual({ view: 'Connect' })
    expect(deps.closeModal).not.toHaveBeenCalled()
  })

  it('every navigation prefetches the view it goes to', () => {
    const deps = routerDeps()
    const router = createRouter(deps)
    router.push('A')
    router.replace('B')
    router.reset('C')
    expect(deps.prefetch.mock.calls.map(([view]) => view)).toEqual(['A', 'B', 'C'])
  })
})

describe('back navigation', () => {
  it('back with one entry in the history closes the modal', () => {
    const kit = makeKit()
    kit.open()
    expect(views(kit)).toEqual(['Connect'])
    kit.router.goBack()
    expect(kit.modal.store.get().open).toBe(false)
    expect(views(kit)).toEqual(['Connect'])
  })

  it('back with two entries pops and keeps the modal open', () => {
    const kit = makeKit()
    kit.open()
    kit.router.push('WalletCatalogue')
    kit.router.goBack()
    expect(views(kit)).toEqual(['Connect'])
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('back when the history contains UnsupportedChain closes the modal, even with several entries', () => {
    const kit = makeKit()
    kit.open({ view: 'UnsupportedChain' })
    kit.router.push('WalletCatalogue')
    kit.router.push('ConnectingExternal', { connector: 'x' })
    kit.router.goBack()
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('back in a deep history without UnsupportedChain pops instead of closing', () => {
    const kit = makeKit()
    kit.open({ view: 'Account' })
    kit.router.push('WalletCatalogue')
    kit.router.push('ConnectingExternal', { connector: 'x' })
    kit.router.goBack()
    expect(kit.modal.store.get().open).toBe(true)
    expect(views(kit)).toEqual(['Account', 'WalletCatalogue'])
  })
})

describe("plugins' back rules", () => {
  it('a back rule runs with the popped entry, after the stack is popped', () => {
    const kit = makeKit()
    const seen: { popped: string; showing: string }[] = []
    kit.services.hooks.addBackRule((popped) => seen.push({ popped: popped.view, showing: kit.router.current().view }))
    kit.open()
    kit.router.push('PluginView', { step: 1 })
    kit.router.goBack()
    expect(seen).toEqual([{ popped: 'PluginView', showing: 'Connect' }])
  })

  it('a back that closes the modal pops nothing and runs no back rule', () => {
    const kit = makeKit()
    const rule = vi.fn()
    kit.services.hooks.addBackRule(rule)
    kit.open()
    kit.router.goBack()
    expect(kit.modal.store.get().open).toBe(false)
    expect(rule).not.toHaveBeenCalled()
  })
})
