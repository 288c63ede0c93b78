import type { ChainNamespace } from '../../../kernel/index.ts'
import type { InstallPlatform } from './installPlatform.ts'

/** A wallet the Get a wallet view can suggest: its install page per platform, its site otherwise. */
export interface InstallableWallet {
  readonly id: string
  readonly name: string
  readonly namespaces: readonly ChainNamespace[]
  /** The tile's colour behind the wallet glyph (an SVG fill attribute: no style, no fetch). */
  readonly color: `#${string}`
  readonly stores: Readonly<Partial<Record<InstallPlatform, string>>>
  /** The wallet's own download page, for a platform it has no store page on. */
  readonly web: string
}

/**
 * A short built-in list, a few per namespace, in the order suggested. Links only: nothing is
 * fetched from these hosts; the visitor's click opens one in a new tab.
 */
export const INSTALLABLE_WALLETS: readonly InstallableWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    namespaces: ['eip155'],
    color: '#f6851b',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
      firefox: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
      ios: 'https://apps.apple.com/app/metamask/id1438144202',
      android: 'https://play.google.com/store/apps/details?id=io.metamask',
    },
    web: 'https://metamask.io/download/',
  },
  {
    id: 'phantom',
    name: 'Phantom',
    namespaces: ['solana', 'eip155', 'bip122'],
    color: '#ab9ff2',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa',
      firefox: 'https://addons.mozilla.org/firefox/addon/phantom-app/',
      ios: 'https://apps.apple.com/app/phantom-crypto-wallet/id1598432977',
      android: 'https://play.google.com/store/apps/details?id=app.phantom',
    },
    web: 'https://phantom.com/download',
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    namespaces: ['eip155'],
    color: '#0052ff',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/hnfanknocfeofbddgcijnmhnfnkdnaad',
      ios: 'https://apps.apple.com/app/coinbase-wallet/id1278383455',
      android: 'https://play.google.com/store/apps/details?id=org.toshi',
    },
    web: 'https://www.coinbase.com/wallet/downloads',
  },
  {
    id: 'solflare',
    name: 'Solflare',
    namespaces: ['solana'],
    color: '#fc7227',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic',
      ios: 'https://apps.apple.com/app/solflare/id1580902717',
      android: 'https://play.google.com/store/apps/details?id=com.solflare.mobile',
    },
    web: 'https://solflare.com/download',
  },
  {
    id: 'xverse',
    name: 'Xverse',
    namespaces: ['bip122'],
    color: '#181818',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/idnnbdplmphpflfnlkomgpfbpcgelopg',
      ios: 'https://apps.apple.com/app/xverse-bitcoin-crypto-wallet/id1552272513',
      android: 'https://play.google.com/store/apps/details?id=com.secretkeylabs.xverse',
    },
    web: 'https://www.xverse.app/download',
  },
  {
    id: 'subwallet',
    name: 'SubWallet',
    namespaces: ['polkadot', 'eip155'],
    color: '#004bff',
    stores: {
      chrome: 'https://chromewebstore.google.com/detail/onhogfjeacnfoofkfgppdlbmlmnplgbn',
      firefox: 'https://addons.mozilla.org/firefox/addon/subwallet/',
      ios: 'https://apps.apple.com/app/subwallet-polkadot-wallet/id1633050285',
      android: 'https://play.google.com/store/apps/details?id=app.subwallet.mobile',
    },
    web: 'https://www.subwallet.app/download.html',
  },
]

/** At most this many suggestions: a short list, not a catalogue. */
export const WALLETS_SUGGESTED = 4

/** Where one wallet installs on a platform: its store page there, or its site. */
export function installLink(wallet: InstallableWallet, platform: InstallPlatform): { readonly href: string; readonly store: InstallPlatform | 'web' } {
  const href = wallet.stores[platform]
  return href ? { href, store: platform } : { href: wallet.web, store: 'web' }
}

/**
 * The wallets to suggest for an app's namespaces: those that serve one of them, the ones
 * serving more of them first, then in the list's order; at most WALLETS_SUGGESTED.
 */
export function walletsFor(namespaces: readonly ChainNamespace[]): readonly InstallableWallet[] {
  const served = (wallet: InstallableWallet) => wallet.namespaces.filter((namespace) => namespaces.includes(namespace)).length
  return INSTALLABLE_WALLETS.map((wallet, index) => ({ wallet, index, served: served(wallet) }))
    .filter(({ served }) => served > 0)
    .sort((a, b) => b.served - a.served || a.index - b.index)
    .slice(0, WALLETS_SUGGESTED)
    .map(({ wallet }) => wallet)
}
