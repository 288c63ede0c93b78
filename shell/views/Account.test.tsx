// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/index.ts'
import { featurePlugin, tabPlugin } from '../test/contributingPlugins.tsx'
import { ConnectView } from './Connect.tsx'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { AccountView } from './Account.tsx'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

function renderAccount(kit = createTestKit()) {
  act(() => connectAccount(kit, ADDRESS, { balance: '12.34567', balanceSymbol: 'ETH' }))
  render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
  return kit
}

describe('Account view', () => {
  it('shows the address truncated 4 + 6 and the balance truncated to 3 decimals', () => {
    renderAccount()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('0x12…345678')
    expect(screen.getByTestId('portico-account-balance').textContent).toBe('12.345 ETH')
  })

  it("writes the balance in the kit's locale, left to right, and follows kit.setLocale()", () => {
    const kit = createTestKit({ locale: 'de' })
    act(() => connectAccount(kit, ADDRESS, { balance: '1234567.89999', balanceSymbol: 'ETH' }))
    render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
    const balance = screen.getByTestId('portico-account-balance')
    expect(balance.textContent).toBe('1.234.567,899 ETH')
    expect(balance.getAttribute('dir')).toBe('ltr')
    act(() => kit.setLocale('hi'))
    expect(balance.textContent).toBe('12,34,567.899 ETH')
    act(() => kit.setLocale('ar'))
    expect(balance.textContent).toBe('1,234,567.899 ETH')
    expect(balance.getAttribute('dir')).toBe('ltr')
  })

  it('with no plugin contributing tabs or features, it shows neither a tab list nor a feature group', () => {
    renderAccount()
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.queryByRole('group', { name: 'Wallet features' })).toBeNull()
    expect(screen.queryByText(/yet$/)).toBeNull()
  })

  it("contributed tabs in rank order with arrow, Home and End keys (ARIA tabs), each rendering its plugin's panel", async () => {
    const kit = renderAccount(createTestKit({}, [tabPlugin('activity', 30, 'Activity'), tabPlugin('tokens', 10, 'Tokens'), tabPlugin('nfts', 20, 'NFTs')]))
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    const selected = () => screen.getAllByRole('tab').findIndex((tab) => tab.getAttribute('aria-selected') === 'true')
    expect(selected()).toBe(0)
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    await screen.findByText('Tokens panel')

    tabs[0]!.focus()
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' })
    expect(selected()).toBe(1)
    expect(document.activeElement).toBe(tabs[1])
    await screen.findByText('NFTs panel')
    fireEvent.keyDown(tabs[1]!, { key: 'End' })
    expect(selected()).toBe(2)
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' })
    expect(selected()).toBe(0)
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' })
    expect(selected()).toBe(2)
    fireEvent.keyDown(tabs[2]!, { key: 'Home' })
    expect(selected()).toBe(0)

    // The choice lives in the account (currentTab), so it survives reopening.
    fireEvent.click(tabs[2]!)
    expect(kit.chains.record('eip155')?.accountState.currentTab).toBe(2)
    const panel = screen.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[2]!.id)
    expect(tabs[2]!.getAttribute('aria-controls')).toBe(panel.id)
    await within(panel).findByText('Activity panel')
  })

  it('shows wallet feature buttons in rank order (buy, swap, receive, send), enabled plugins only', () => {
    const kit = createTestKit({ features: { swaps: false } }, [
      featurePlugin('send', 40, 'Send'),
      featurePlugin('receive', 30, 'Receive'),
      featurePlugin('swaps', 20, 'Swap', 'swaps'),
      featurePlugin('onramp', 10, 'Buy'),
    ])
    renderAccount(kit)
    const group = screen.getByRole('group', { name: 'Wallet features' })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.dataset.feature),
    ).toEqual(['onramp', 'receive', 'send'])
    expect(within(group).getByRole('button', { name: 'Receive' }).querySelector('svg path')?.getAttribute('d')).toBe('M5 12h14')
    fireEvent.click(within(group).getByRole('button', { name: 'Receive' }))
    expect(kit.router.current().view).toBe('receiveView')
  })

  it('one plugin contributing a connect method, an account tab and a wallet feature shows each in its place and order', async () => {
    const all = definePlugin({
      id: 'all-in-one',
      contributes: {
        views: ['PasskeySection', 'HistoryPanel', 'BuyView'],
        connectMethods: [{ id: 'passkey', label: 'Passkey login', section: 'PasskeySection', rank: 150 }],
        accountTabs: [{ id: 'history', label: 'History', panel: 'HistoryPanel', rank: 5 }],
        walletFeatures: [{ id: 'buy', label: 'Buy', view: 'BuyView', rank: 10 }],
      },
      load: async () => ({
        activate: ({ views }) => {
          views.register('PasskeySection', { title: 'Passkey', component: () => <button type="button">Use a passkey</button> })
          views.register('HistoryPanel', { title: 'History', component: () => <p>History panel</p> })
          views.register('BuyView', { title: 'Buy', component: () => <p>Buy view</p> })
        },
      }),
    })
    const kit = createTestKit({}, [all, tabPlugin('tokens', 10, 'Tokens'), featurePlugin('receive', 30, 'Receive')])
    const connect = render(<ConnectView kit={kit} data={undefined} />)
    // Ranked 150, after the wallet list (100).
    expect([...connect.container.querySelectorAll<HTMLElement>('[data-method]')].map((s) => s.dataset.method)).toEqual(['wallet', 'passkey'])
    await screen.findByRole('button', { name: 'Use a passkey' })
    cleanup()
    renderAccount(kit)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['History', 'Tokens'])
    await screen.findByText('History panel')
    expect(
      within(screen.getByRole('group', { name: 'Wallet features' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Buy', 'Receive'])
  })

  it('Disconnect resets the account and closes the modal', async () => {
    const kit = createTestKit()
    act(() => kit.open({ view: 'Account' }))
    renderAccount(kit)
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(kit.modal.store.get().open).toBe(false))
    expect(kit.chains.isConnected()).toBe(false)
  })
})
