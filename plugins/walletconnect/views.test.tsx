// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type PorticoKit, type PorticoOptions, definePlugin } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { createTestKit, modalRoot } from '../../shell/test/testKit.ts'
import { type RegistryEntry, SAMPLE_WALLETS, type WalletRegistryServer, startWalletRegistry } from '../../test/peers/walletRegistry.mjs'
import { type WalletConnectController, storeDeepLinkChoice } from './controller.ts'
import { walletConnectPlugin } from './index.ts'
import { createPairingStore } from './pairingStore.ts'
import { createHttpWalletRegistry } from './registry.ts'
import { WALLETS_PER_PAGE, createAllWalletsView } from './views/AllWallets.tsx'
import { createConnectingWalletConnectView } from './views/ConnectingWalletConnect.tsx'
import { createConnectingWalletConnectBasicView } from './views/ConnectingWalletConnectBasic.tsx'

// The plugin's views in the real modal (jsdom), over a fake controller so no
// provider starts; AllWallets reads a local registry. Ports 8633/8634 belong to this file.
let registry: WalletRegistryServer
let bigRegistry: WalletRegistryServer
const MANY: RegistryEntry[] = Array.from({ length: WALLETS_PER_PAGE + 5 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${String(i).padStart(2, '0')}` }))
beforeAll(async () => {
  ;[registry, bigRegistry] = await Promise.all([startWalletRegistry({ port: 8633 }), startWalletRegistry({ port: 8634, wallets: MANY })])
})
afterAll(async () => {
  await Promise.all([registry?.stop(), bigRegistry?.stop()])
})
afterEach(cleanup)

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const phone = { ...SAMPLE_WALLETS[0]! }
const phoneWallet = {
  id: phone.id,
  name: phone.name,
  imageUrl: phone.image_url!,
  mobileLink: phone.mobile_link!,
  desktopLink: phone.desktop_link!,
  webappLink: phone.webapp_link!,
}

function setup({ mobile = false, registryUrl = registry.url, options = {} }: { mobile?: boolean; registryUrl?: string; options?: Partial<PorticoOptions> } = {}) {
  let kit!: PorticoKit
  const request = vi.fn<WalletConnectController['request']>()
  const pick = vi.fn<WalletConnectController['pick']>()
  const open = vi.fn<WalletConnectController['open']>()
  const pairing = createPairingStore()
  const controller = {
    pairing,
    environment: { isMobile: () => mobile, isTelegram: () => false, isIosSafari: () => false },
    registry: createHttpWalletRegistry(registryUrl),
    request,
    pick,
    rememberDeepLink: (link, wallet) => storeDeepLinkChoice(kit.storage, link, wallet),
    open,
  } satisfies WalletConnectController
  const plugin = definePlugin({
    id: 'wc-views',
    // The real manifest's contributions (views, basic mode, connector view), with this test's controller.
    contributes: walletConnectPlugin().contributes,
    load: async () => ({
      activate: ({ views }) => {
        const disposers = [
          views.register('ConnectingWalletConnect', { component: createConnectingWalletConnectView(controller), title: 'WalletConnect' }),
          views.register('ConnectingWalletConnectBasic', { component: createConnectingWalletConnectBasicView(controller), title: 'WalletConnect' }),
          views.register('AllWallets', { component: createAllWalletsView(controller), title: 'All Wallets' }),
        ]
        return () => disposers.forEach((dispose) => dispose())
      },
    }),
  })
  kit = createTestKit(options, [plugin])
  render(<PorticoProvider kit={kit} />)
  return { kit, controller, pairing }
}

const find = <T extends Element>(selector: string) =>
  waitFor(() => {
    const found = modalRoot().querySelector<T>(selector)
    if (!found) throw new Error(`nothing matches ${selector}`)
    return found
  })
const button = (text: string) =>
  waitFor(() => {
    const found = [...modalRoot().querySelectorAll('button')].find((b) => b.textContent?.trim() === text)
    if (!found) throw new Error(`no button "${text}"`)
    return found
  })
const buttonTexts = () => [...modalRoot().querySelectorAll('button')].map((b) => b.textContent?.trim())

describe('ConnectingWalletConnect (param wallet)', () => {
  it('asks for a pairing for the picked wallet, then shows the QR code, Copy link, the desktop and web app links and Retry', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { pairing, kit, controller } = setup()
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: phoneWallet } }))
    await waitFor(() => expect(controller.pick).toHaveBeenCalledWith(phoneWallet))
    expect((await find('[data-testid="portico-connecting-wc"] [role="status"]')).textContent).toContain('Preparing the QR code')
    expect(controller.request).toHaveBeenCalledOnce()
    act(() => pairing.set({ wcUri: URI, wcPairingExpiry: Date.now() + 240_000 }))
    const qr = await find('svg[role="img"]')
    expect(qr.getAttribute('aria-label')).toBe('QR code to connect Portico Dev Phone Wallet')
    expect(modalRoot().querySelector('img.wallet-image')?.getAttribute('src')).toBe(phoneWallet.imageUrl)

    fireEvent.click(await button('Copy link'))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URI))

    // On a desktop there is no phone deep link, but the desktop and web apps.
    expect(buttonTexts()).not.toContain('Open Portico Dev Phone Wallet')
    fireEvent.click(await button('Open the desktop app'))
    expect(controller.open).toHaveBeenLastCalledWith(`porticowallet://wc?uri=${encodeURIComponent(URI)}`, '_self')
    expect(kit.storage.get('deepLinkChoice')).toEqual({ href: 'porticowallet://', name: 'Portico Dev Phone Wallet' })
    fireEvent.click(await button('Open the web app'))
    expect(controller.open).toHaveBeenLastCalledWith(`http://127.0.0.1:8631/wallet/wc?uri=${encodeURIComponent(URI)}`, '_blank')

    fireEvent.click(await button('Retry'))
    expect(controller.request).toHaveBeenLastCalledWith({ retry: true })
  })

  it('on a phone it offers the open-in-app deep link and stores the choice', async () => {
    const { pairing, kit, controller } = setup({ mobile: true })
    pairing.set({ wcUri: URI })
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: phoneWallet } }))
    fireEvent.click(await button('Open Portico Dev Phone Wallet'))
    expect(controller.open).toHaveBeenCalledWith(`porticowallet://wc?uri=${encodeURIComponent(URI)}`, '_self')
    expect(kit.storage.get('deepLinkChoice')).toEqual({ href: 'porticowallet://', name: 'Portico Dev Phone Wallet' })
    expect(buttonTexts()).not.toContain('Open the desktop app')
  })

  it('on a phone, when the app has not opened 3 s after its link (the page still in view), says so and offers its store page', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (Linux; Android 14) Mobile', configurable: true })
    const { pairing, kit } = setup({ mobile: true })
    pairing.set({ wcUri: URI })
    const stored = { ...phoneWallet, playStore: 'https://play.example/store/apps/details?id=dev.portico', appStore: 'https://apps.example/app/portico' }
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: stored } }))
    const open = await button('Open Portico Dev Phone Wallet')
    const missing = () => modalRoot().querySelector('[data-testid="portico-wc-app-missing"]')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.click(open)
      await act(async () => vi.advanceTimersByTime(2_900))
      expect(missing()).toBeNull()
      await act(async () => vi.advanceTimersByTime(200))
      expect(missing()!.getAttribute('role')).toBe('alert')
      expect(missing()!.textContent).toContain('Portico Dev Phone Wallet did not open')
      const store = missing()!.querySelector('a')!
      expect([store.getAttribute('href'), store.getAttribute('target'), store.getAttribute('rel')]).toEqual([
        'https://play.example/store/apps/details?id=dev.portico',
        '_blank',
        'noopener noreferrer',
      ])

      // The app opening takes the page's focus: then nothing is said.
      fireEvent.click(open)
      expect(missing()).toBeNull()
      await act(async () => void window.dispatchEvent(new Event('blur')))
      await act(async () => vi.advanceTimersByTime(3_100))
      expect(missing()).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a wallet with script links gets no link button and no image', async () => {
    const { pairing, kit } = setup({ mobile: true })
    pairing.set({ wcUri: URI })
    const evil = { id: 'evil', name: 'Evil', imageUrl: 'javascript:alert(1)', mobileLink: 'javascript:alert(1)//', webappLink: 'data:text/html,x' }
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: evil } }))
    await find('svg[role="img"]')
    expect(buttonTexts().filter((t) => t?.startsWith('Open'))).toEqual([])
    expect(modalRoot().querySelector('img')).toBeNull()
  })

  it('a failed pairing shows the error with Retry', async () => {
    const { pairing, kit, controller } = setup()
    pairing.set({ wcError: true })
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: phoneWallet } }))
    const alert = await find('[role="alert"]')
    expect(alert.textContent).toContain('Connection failed')
    fireEvent.click(await button('Retry'))
    expect(controller.request).toHaveBeenLastCalledWith({ retry: true })
  })

  it('route data that is not a wallet says so', async () => {
    const { kit } = setup()
    act(() => kit.open({ view: 'ConnectingWalletConnect', data: { wallet: { id: 42 } } }))
    expect((await find('[role="alert"]')).textContent).toContain('No wallet was picked')
  })
})

describe('ConnectingWalletConnectBasic', () => {
  it('shows the QR code and Copy link for any wallet', async () => {
    const { pairing, kit, controller } = setup()
    act(() => kit.open({ view: 'ConnectingWalletConnectBasic' }))
    act(() => pairing.set({ wcUri: URI }))
    expect((await find('svg[role="img"]')).getAttribute('aria-label')).toBe('WalletConnect QR code')
    expect(buttonTexts()).toEqual(expect.arrayContaining(['Copy link', 'Retry']))
    expect(controller.pick).toHaveBeenCalledWith(undefined)
    expect(controller.request).toHaveBeenCalledOnce()
  })

  it('with no adapters and no address the modal opens on it (desktop)', async () => {
    const { kit } = setup({ options: { adapters: [] } })
    act(() => kit.open())
    expect(kit.router.current().view).toBe('ConnectingWalletConnectBasic')
    await find('[data-testid="portico-connecting-wc-basic"]')
  })
})

describe('AllWallets', () => {
  const rows = () => [...modalRoot().querySelectorAll('ul[aria-label="Wallets"] li button')]
  const names = () => rows().map((r) => r.querySelector('.list-item-label')?.textContent)

  it('lists WalletConnect, installed wallets marked, featured, then the registry; excluded ones never', async () => {
    const { kit } = setup({ options: { featuredWalletIds: ['zerion-like'], excludeWalletIds: ['evil-link'] } })
    kit.connectors.add({ id: 'rainbow-ext', name: 'Rainbow (extension)', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'me.rainbow.test' } })
    act(() => kit.open({ view: 'AllWallets' }))
    await waitFor(() => expect(names()).toContain('Trust Test'))
    expect(names()).toEqual(['WalletConnect', 'Rainbow Test', 'Zerion Test', 'Portico Dev Phone Wallet', 'MetaMask Test', 'Trust Test', 'Ledger Test'])
    const rainbow = rows()[1]!
    expect(rainbow.querySelector('.list-item-description')?.textContent).toBe('Installed')
    fireEvent.click(rainbow)
    expect(kit.router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: 'rainbow-ext', namespace: 'eip155' } })
  })

  it('a registry wallet opens ConnectingWalletConnect with it; the WalletConnect row opens the plain QR code', async () => {
    const { kit } = setup()
    act(() => kit.open({ view: 'AllWallets' }))
    await waitFor(() => expect(names()).toContain('Trust Test'))
    fireEvent.click(rows().find((r) => r.textContent?.includes('Trust Test'))!)
    expect(kit.router.current()).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: { id: 'trust-like', mobileLink: 'trust-test://' } } })
    act(() => kit.router.goBack())
    await waitFor(() => expect(names()[0]).toBe('WalletConnect'))
    fireEvent.click(rows()[0]!)
    expect(kit.router.current().view).toBe('ConnectingWalletConnectBasic')
  })

  it('searches the registry (debounced) and shows only matches', async () => {
    const { kit } = setup()
    act(() => kit.open({ view: 'AllWallets' }))
    await waitFor(() => expect(names()).toContain('Trust Test'))
    const input = await find<HTMLInputElement>('input[type="search"]')
    fireEvent.change(input, { target: { value: 'rain' } })
    await waitFor(() => expect(names()).toEqual(['Rainbow Test']), { timeout: 3_000 })
    expect(registry.requests.some((r) => r.includes('search=rain'))).toBe(true)
  })

  it('pages through a long registry with "Load more wallets"', async () => {
    const { kit } = setup({ registryUrl: bigRegistry.url })
    act(() => kit.open({ view: 'AllWallets' }))
    await waitFor(() => expect(names()).toHaveLength(WALLETS_PER_PAGE + 1))
    fireEvent.click(await button('Load more wallets'))
    await waitFor(() => expect(names()).toHaveLength(MANY.length + 1))
    expect(buttonTexts()).not.toContain('Load more wallets')
  })

  it('pages 1,000 announced browser wallets 40 at a time, ahead of the registry', async () => {
    const { kit } = setup()
    for (let i = 0; i < 1_000; i++) kit.connectors.add({ id: `w${i}`, name: `Installed ${i}`, type: 'ANNOUNCED', chain: 'eip155' })
    act(() => kit.open({ view: 'AllWallets' }))
    // The QR entry heads the list; then a page of 40 installed wallets.
    await waitFor(() => expect(names()).toHaveLength(41))
    expect(names().at(-1)).toBe('Installed 39')
    fireEvent.click(await button('Load more wallets'))
    await waitFor(() => expect(names()).toHaveLength(81))
    expect(names().at(-1)).toBe('Installed 79')
  })

  it('a registry that fails offers a retry', async () => {
    const { kit } = setup({ registryUrl: 'http://127.0.0.1:1' })
    act(() => kit.open({ view: 'AllWallets' }))
    expect((await find('[role="alert"]')).textContent).toContain('could not be loaded')
    expect(names()).toEqual(['WalletConnect'])
    expect(await button('Retry')).toBeDefined()
  })
})
