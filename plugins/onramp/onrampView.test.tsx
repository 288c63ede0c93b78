// @vitest-environment jsdom
// The OnRampProviders view in the real modal (jsdom): the body loads when the view is first
// shown; the providers of the account's namespace with their fees; a choice opens the
// provider's page with window.open inside the click itself (no await before it, so no popup
// blocker steps in), in its own window without a way back (noopener).
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, bitcoin, solana } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { connectAccount, createTestKit, modalRoot } from '../../shell/test/testKit.ts'
import { onrampPlugin } from './index.ts'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function openProviders() {
  const kit = createTestKit({ networks: [base, solana] }, [
    onrampPlugin({ coinbase: { url: 'http://127.0.0.1:8710/coinbase' }, meld: { url: 'http://127.0.0.1:8710/meld' }, presetAmount: 100 }),
  ])
  render(<PorticoProvider kit={kit} />)
  return kit
}

const providerButtons = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="On-ramp providers"] button')]

describe('OnRampProviders view', () => {
  it('loads with the view; on Base: Coinbase and Meld, 1–2% fee each; Coinbase opens in the click with Base and ETH', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const kit = openProviders()
    connectAccount(kit, ADDRESS, { caipAddress: `eip155:8453:${ADDRESS}` })
    act(() => kit.chains.set({ activeCaipNetwork: base }))
    act(() => kit.open())
    expect(kit.plugins.status.get()['onramp']).toEqual({ state: 'idle' })
    act(() => kit.router.push('OnRampProviders'))
    await waitFor(() => expect(providerButtons()).toHaveLength(2))
    expect(kit.plugins.status.get()['onramp']?.state).toBe('active')
    expect(providerButtons().map((button) => button.textContent)).toEqual(['Coinbase1–2% fee', 'Meld1–2% fee'])

    fireEvent.click(providerButtons()[0]!)
    // Called during the click's own dispatch: nothing awaited in between.
    expect(open).toHaveBeenCalledTimes(1)
    const [url, target, features] = open.mock.calls[0]!
    expect(target).toBe('_blank')
    expect(String(features).split(',')).toEqual(expect.arrayContaining(['popup', 'noopener', 'noreferrer']))
    const opened = new URL(String(url))
    expect(opened.origin + opened.pathname).toBe('http://127.0.0.1:8710/coinbase')
    expect(Object.fromEntries(opened.searchParams)).toMatchObject({ addresses: `{"${ADDRESS}":["base"]}`, defaultNetwork: 'base', defaultAsset: 'ETH', presetFiatAmount: '100' })
    await waitFor(() =>
      expect(modalRoot().querySelector('[data-testid="onramp-status"]')?.textContent).toBe('Continue in the Coinbase window. Your purchase shows in Activity once it arrives.'),
    )
  })

  it('on Solana: Meld alone, opened with the Solana address and SOL', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const kit = openProviders()
    act(() => {
      kit.chains.updateAccount('solana', { address: SOL, caipAddress: `${solana.caipNetworkId}:${SOL}`, status: 'connected' })
      kit.chains.set({ activeNamespace: 'solana', activeCaipNetwork: solana })
    })
    act(() => kit.open({ view: 'OnRampProviders' }))
    await waitFor(() => expect(providerButtons().map((button) => button.textContent)).toEqual(['Meld1–2% fee']))
    fireEvent.click(providerButtons()[0]!)
    const opened = new URL(String(open.mock.calls[0]![0]))
    expect(Object.fromEntries(opened.searchParams)).toEqual({ walletAddress: SOL, destinationCurrencyCode: 'SOL', sourceAmount: '100', sourceCurrencyCode: 'USD' })
  })

  it('opened where nothing can be bought goes where the visitor can act: Connect while disconnected, Account on bip122 (no provider)', async () => {
    const kit = openProviders()
    act(() => kit.open({ view: 'OnRampProviders' }))
    await waitFor(() => expect(kit.router.current().view).toBe('Connect'))
    expect(providerButtons()).toEqual([])
    act(() => kit.close())

    const onBitcoin = createTestKit({ networks: [base, bitcoin] }, [onrampPlugin()])
    cleanup()
    render(<PorticoProvider kit={onBitcoin} />)
    act(() => {
      onBitcoin.chains.updateAccount('bip122', { address: BTC, caipAddress: `${bitcoin.caipNetworkId}:${BTC}`, status: 'connected' })
      onBitcoin.chains.set({ activeNamespace: 'bip122', activeCaipNetwork: bitcoin })
    })
    act(() => onBitcoin.open({ view: 'OnRampProviders' }))
    await waitFor(() => expect(onBitcoin.router.current().view).toBe('Account'))
    expect(providerButtons()).toEqual([])
  })
})
