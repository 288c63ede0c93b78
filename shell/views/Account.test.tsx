// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type FeatureFlag, type PluginBody, type WalletFeature, definePlugin } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { AccountView } from './Account.tsx'

afterEach(cleanup)

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

const featurePlugin = (feature: WalletFeature, view: string, flag?: FeatureFlag) =>
  definePlugin({
    id: feature,
    ...(flag ? { feature: flag } : {}),
    contributes: { views: [view], walletFeatures: [feature] },
    load: () => new Promise<PluginBody>(() => undefined),
  })

function renderAccount(kit = createTestKit()) {
  act(() => connectAccount(kit, ADDRESS, { balance: '12.34567', balanceSymbol: 'ETH' }))
  render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
  return kit
}

describe('Account view', () => {
  it('shows the address truncated 4 + 6 and the balance truncated to 3 decimals (SPEC §9, §5)', () => {
    renderAccount()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('0x12…345678')
    expect(screen.getByTestId('portico-account-balance').textContent).toBe('12.345 ETH')
  })

  it('has Tokens, NFTs and Activity tabs with arrow, Home and End keys (SPEC §2 account tabs; ARIA tabs pattern)', () => {
    const kit = renderAccount()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    const selected = () => screen.getAllByRole('tab').findIndex((tab) => tab.getAttribute('aria-selected') === 'true')
    expect(selected()).toBe(0)
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])

    tabs[0]!.focus()
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' })
    expect(selected()).toBe(1)
    expect(document.activeElement).toBe(tabs[1])
    expect(screen.getByRole('tabpanel').textContent).toBe('No NFTs yet')
    fireEvent.keyDown(tabs[1]!, { key: 'End' })
    expect(selected()).toBe(2)
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' })
    expect(selected()).toBe(0)
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' })
    expect(selected()).toBe(2)
    fireEvent.keyDown(tabs[2]!, { key: 'Home' })
    expect(selected()).toBe(0)
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])

    // SPEC §3 AccountState.currentTab: the choice lives in the account, so it survives reopening.
    fireEvent.click(tabs[2]!)
    expect(kit.chains.record('eip155')?.accountState.currentTab).toBe(2)
    const panel = screen.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[2]!.id)
    expect(tabs[2]!.getAttribute('aria-controls')).toBe(panel.id)
  })

  it('lists token balances on the Tokens tab (SPEC §3 token balance)', () => {
    const kit = createTestKit()
    act(() =>
      connectAccount(kit, ADDRESS, {
        tokenBalance: [
          { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', price: 1, iconUrl: '', quantity: { decimals: '6', numeric: '10.98765' } },
        ],
      }),
    )
    render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
    expect(screen.getByRole('tabpanel').textContent).toContain('10.987 USDC')
  })

  it('shows wallet feature buttons in onramp, swaps, receive, send order, enabled plugins only (SPEC §9 wallet feature order)', () => {
    const kit = createTestKit({ features: { swaps: false } }, [
      featurePlugin('send', 'WalletSend'),
      featurePlugin('receive', 'Receive'),
      featurePlugin('swaps', 'Swap', 'swaps'),
      featurePlugin('onramp', 'OnRampProviders'),
    ])
    renderAccount(kit)
    const group = screen.getByRole('group', { name: 'Wallet features' })
    expect(within(group).getAllByRole('button').map((b) => b.dataset.feature)).toEqual(['onramp', 'receive', 'send'])
    fireEvent.click(within(group).getByRole('button', { name: 'Receive' }))
    expect(kit.router.current().view).toBe('Receive')
  })

  it('Disconnect resets the account and closes the modal (SPEC §4 disconnect)', async () => {
    const kit = createTestKit()
    act(() => kit.open({ view: 'Account' }))
    renderAccount(kit)
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(kit.modal.store.get().open).toBe(false))
    expect(kit.chains.isConnected()).toBe(false)
  })
})
