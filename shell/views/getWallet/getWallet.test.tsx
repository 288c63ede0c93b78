// @vitest-environment jsdom
import '../../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Connector, definePlugin, mainnet, solana } from '../../../kernel/index.ts'
import { createTestKit } from '../../test/testKit.ts'
import { ConnectView } from '../Connect.tsx'
import { GetWalletView } from './GetWallet.tsx'
import { installPlatform } from './installPlatform.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const wallet = (patch: Partial<Connector>): Connector => ({ id: 'w', name: 'Wallet', type: 'ANNOUNCED', chain: 'eip155', ...patch })

/** The rows of the Get a wallet list: each link's text (its accessible name: it has no aria-label), address, target and rel. */
const links = () =>
  within(screen.getByRole('list', { name: 'Wallets to install' }))
    .getAllByRole('link')
    .map((a) => ({ name: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') }))

describe('no empty dialog: the Connect view with no wallet to list', () => {
  it('browser wallets only and none found: it says so and why, and offers "Get a wallet", which opens the Get a wallet view', () => {
    const kit = createTestKit()
    render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.getByRole('heading', { name: 'No wallet found in this browser' })).toBeTruthy()
    expect(screen.getByText(/none answered on this page/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Get a wallet' }))
    expect(kit.router.current().view).toBe('GetWallet')
  })

  it('a wallet that announces itself replaces the note with the list', () => {
    const kit = createTestKit()
    render(<ConnectView kit={kit} data={undefined} />)
    act(() => void kit.connectors.add(wallet({ id: 'io.metamask', name: 'MetaMask' })))
    expect(screen.queryByTestId('no-wallet-found')).toBeNull()
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBeTruthy()
  })

  it('with an entry such as All wallets (a QR code and catalogue) listed, there is no note', () => {
    const catalogue = definePlugin({
      id: 'catalogue',
      contributes: { views: ['Catalogue'], walletListEntries: [{ id: 'all', label: 'All wallets', view: 'Catalogue' }] },
      load: async () => ({ activate: () => undefined }),
    })
    render(<ConnectView kit={createTestKit({}, [catalogue])} data={undefined} />)
    expect(screen.queryByTestId('no-wallet-found')).toBeNull()
    expect(screen.getByRole('button', { name: 'All wallets' })).toBeTruthy()
  })
})

describe('the Get a wallet view', () => {
  it('an EVM app on Chrome: four wallets, each a link to its Chrome Web Store page in a new tab, noopener noreferrer', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME)
    render(<GetWalletView kit={createTestKit({ networks: [mainnet] })} data={undefined} />)
    expect(links()).toEqual([
      {
        name: 'MetaMask Chrome Web Store (opens in a new tab)',
        href: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        name: 'Phantom Chrome Web Store (opens in a new tab)',
        href: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        name: 'Coinbase Wallet Chrome Web Store (opens in a new tab)',
        href: 'https://chromewebstore.google.com/detail/hnfanknocfeofbddgcijnmhnfnkdnaad',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        name: 'SubWallet Chrome Web Store (opens in a new tab)',
        href: 'https://chromewebstore.google.com/detail/onhogfjeacnfoofkfgppdlbmlmnplgbn',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    ])
    // The accessible name is the visible text, then the new-tab hint.
    expect(screen.getByRole('link', { name: 'MetaMask Chrome Web Store (opens in a new tab)' }).hasAttribute('aria-label')).toBe(false)
  })

  it('chosen for the namespaces: an EVM and Solana app lists Phantom (both) first, and Solflare; no image is fetched', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const { container } = render(<GetWalletView kit={createTestKit({ networks: [mainnet, solana] })} data={undefined} />)
    expect(links().map((link) => link.name)).toEqual([
      'Phantom App Store (opens in a new tab)',
      'MetaMask App Store (opens in a new tab)',
      'Coinbase Wallet App Store (opens in a new tab)',
      'Solflare App Store (opens in a new tab)',
    ])
    expect(links()[0]!.href).toBe('https://apps.apple.com/app/phantom-crypto-wallet/id1598432977')
    expect(container.querySelector('img')).toBeNull()
  })

  it("a wallet without a page in this platform's store links its own download page", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX)
    render(<GetWalletView kit={createTestKit({ networks: [mainnet] })} data={undefined} />)
    expect(links().find((link) => link.name?.startsWith('Coinbase Wallet'))).toMatchObject({
      name: 'Coinbase Wallet Website (opens in a new tab)',
      href: 'https://www.coinbase.com/wallet/downloads',
    })
  })
})

describe('installPlatform', () => {
  it.each([
    [IPHONE, 'ios'],
    [ANDROID, 'android'],
    [FIREFOX, 'firefox'],
    [CHROME, 'chrome'],
    ['', 'chrome'],
  ])('%s -> %s', (userAgent, platform) => {
    expect(installPlatform(userAgent)).toBe(platform)
  })
})
