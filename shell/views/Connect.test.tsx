// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type Connector, type PluginBody, type PorticoEvent, definePlugin } from '../../kernel/index.ts'
import { sectionPlugin } from '../test/contributingPlugins.tsx'
import { createTestKit } from '../test/testKit.ts'
import { ConnectView } from './Connect.tsx'

afterEach(cleanup)

const methodOrder = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-method]')].map((section) => section.dataset.method)

const wallet = (patch: Partial<Connector>): Connector => ({ id: 'w', name: 'Wallet', type: 'EXTERNAL', chain: 'eip155', ...patch })

const email = sectionPlugin('email', 10, 'Email login', 'email')
const social = sectionPlugin('social', 20, 'Social login')

describe('Connect view', () => {
  it('with no plugin contributing a section, it shows only the wallet list', () => {
    const { container } = render(<ConnectView kit={createTestKit()} data={undefined} />)
    expect(methodOrder(container)).toEqual(['wallet'])
    expect(container.querySelector('input, form')).toBeNull()
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull()
  })

  it("renders the plugins' sections (loading their bodies) in rank order: email, social, wallet", async () => {
    const kit = createTestKit({}, [social, email])
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    expect(methodOrder(container)).toEqual(['email', 'social', 'wallet'])
    expect(screen.getByRole('region', { name: 'Email login' })).toBeTruthy()
    await screen.findByRole('button', { name: 'Continue with Email login' })
    await screen.findByRole('button', { name: 'Continue with Social login' })
  })

  it('puts wallets first once an injected wallet is shown (wallet, email, social)', () => {
    const kit = createTestKit({}, [social, email])
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    act(() => void kit.connectors.add(wallet({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' })))
    expect(methodOrder(container)).toEqual(['wallet', 'email', 'social'])
  })

  it('follows a configured order, and drops a section whose plugin is off', () => {
    const kit = createTestKit({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } }, [social, email])
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    expect(methodOrder(container)).toEqual(['social', 'wallet', 'email'])
    cleanup()
    const off = render(<ConnectView kit={createTestKit({ features: { email: false } }, [social, email])} data={undefined} />)
    expect(methodOrder(off.container)).toEqual(['social', 'wallet'])
  })

  it('renders a wallet name as text and refuses a javascript: icon (inbound data is untrusted)', () => {
    const kit = createTestKit()
    kit.connectors.add(wallet({ id: 'evil', name: '<img src=x onerror=alert(1)>', imageUrl: 'javascript:alert(1)' }))
    kit.connectors.add(wallet({ id: 'good', name: 'Good Wallet', imageUrl: 'https://example.com/good.png' }))
    const { container } = render(<ConnectView kit={kit} data={undefined} />)
    const evil = screen.getByRole('button', { name: '<img src=x onerror=alert(1)>' })
    expect(evil.querySelector('img')).toBeNull()
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/good.png')
    expect(container.querySelector('img[src^="x"]')).toBeNull()
  })

  it('lists wallets in the connector type order (SPEC §9): walletConnect, recent, injected, featured, external, recommended', () => {
    const kit = createTestKit({ featuredWalletIds: ['featured'] })
    kit.storage.addRecentWallet({ id: 'recent', name: 'Recent' })
    // Registered in reverse, as plugins and announcements may come in any order.
    kit.connectors.add(wallet({ id: 'other', name: 'Other', type: 'MULTI_CHAIN' }))
    kit.connectors.add(wallet({ id: 'external', name: 'External', type: 'EXTERNAL' }))
    kit.connectors.add(wallet({ id: 'featured', name: 'Featured', type: 'MULTI_CHAIN' }))
    kit.connectors.add(wallet({ id: 'injected', name: 'Injected', type: 'ANNOUNCED' }))
    kit.connectors.add(wallet({ id: 'recent', name: 'Recent', type: 'INJECTED' }))
    kit.connectors.add(wallet({ id: 'wc', name: 'WalletConnect', type: 'WALLET_CONNECT', capabilities: { sharedSession: true, relaysWallets: true } }))
    render(<ConnectView kit={kit} data={undefined} />)
    const names = within(screen.getByRole('region', { name: 'Wallets' }))
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(names).toEqual(['WalletConnect', 'Recent', 'Injected', 'Featured', 'External', 'Other'])
  })

  it('opens ConnectingExternal for the picked wallet and tracks SELECT_WALLET', () => {
    const kit = createTestKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((event) => events.push(event))
    kit.connectors.add(wallet({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' }))
    render(<ConnectView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'MetaMask' }))
    expect(kit.router.current()).toEqual({ view: 'ConnectingExternal', data: { connector: 'io.metamask', namespace: 'eip155' } })
    expect(events).toContainEqual({ type: 'SELECT_WALLET', properties: { name: 'MetaMask', platform: 'browser' } })
  })

  it('a connector type a plugin routes through its own view goes straight there', () => {
    const phone = definePlugin({
      id: 'phone',
      contributes: { views: ['PhoneQr'], connectorViews: [{ connectorType: 'WALLET_CONNECT', view: 'PhoneQr' }] },
      load: () => new Promise<PluginBody>(() => undefined),
    })
    const kit = createTestKit({}, [phone])
    kit.connectors.add(wallet({ id: 'wc', name: 'Phone wallet', type: 'WALLET_CONNECT' }))
    render(<ConnectView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Phone wallet' }))
    expect(kit.router.store.get().history.map((entry) => entry.view)).toEqual(['Connect', 'PhoneQr'])
  })

  it("lists a plugin's wallet-list entry while its condition holds", () => {
    const catalogue = (allWallets: boolean) =>
      definePlugin({
        id: 'catalogue',
        contributes: { views: ['Catalogue'], walletListEntries: [{ id: 'all', label: 'All wallets', view: 'Catalogue', when: () => allWallets }] },
        load: () => new Promise<PluginBody>(() => undefined),
      })
    const on = createTestKit({}, [catalogue(true)])
    render(<ConnectView kit={on} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'All wallets' }))
    expect(on.router.current().view).toBe('Catalogue')
    cleanup()
    render(<ConnectView kit={createTestKit({}, [catalogue(false)])} data={undefined} />)
    expect(screen.queryByRole('button', { name: 'All wallets' })).toBeNull()
  })

  it('lists 8 of 1,000 announced wallets, and 8 more per "More wallets" click', () => {
    const kit = createTestKit()
    for (let i = 0; i < 1_000; i++) kit.connectors.add(wallet({ id: `w${i}`, name: `Wallet ${i}`, type: 'ANNOUNCED' }))
    render(<ConnectView kit={kit} data={undefined} />)
    const listed = () => screen.getAllByRole('button', { name: /^Wallet \d+$/ }).map((button) => button.textContent)
    expect(listed()).toEqual(['Wallet 0', 'Wallet 1', 'Wallet 2', 'Wallet 3', 'Wallet 4', 'Wallet 5', 'Wallet 6', 'Wallet 7'])
    const more = screen.getByRole('button', { name: /More wallets/ })
    expect(more.textContent).toContain('992 more')
    fireEvent.click(more)
    expect(listed()).toHaveLength(16)
    expect(listed().at(-1)).toBe('Wallet 15')
    expect(screen.getByRole('button', { name: /More wallets/ }).textContent).toContain('984 more')
  })

  it('8 wallets are all listed, with no "More wallets"', () => {
    const kit = createTestKit()
    for (let i = 0; i < 8; i++) kit.connectors.add(wallet({ id: `w${i}`, name: `Wallet ${i}`, type: 'ANNOUNCED' }))
    render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.getAllByRole('button', { name: /^Wallet \d+$/ })).toHaveLength(8)
    expect(screen.queryByRole('button', { name: /More wallets/ })).toBeNull()
  })

  it('a section whose plugin fails to load says so in place and offers Retry', async () => {
    let fail = true
    const flaky = definePlugin({
      id: 'flaky',
      contributes: { views: ['FlakySection'], connectMethods: [{ id: 'flaky', label: 'Flaky login', section: 'FlakySection', rank: 10 }] },
      load: async () => {
        if (fail) throw new Error('offline')
        return { activate: ({ views }) => views.register('FlakySection', { title: 'Flaky', component: () => <p>flaky ready</p> }) }
      },
    })
    const kit = createTestKit({}, [flaky])
    render(<ConnectView kit={kit} data={undefined} />)
    const region = screen.getByRole('region', { name: 'Flaky login' })
    await within(region).findByText('Flaky login could not be loaded.')
    fail = false
    fireEvent.click(within(region).getByRole('button', { name: 'Retry' }))
    await within(region).findByText('flaky ready')
  })
})
