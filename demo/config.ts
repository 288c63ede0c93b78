import * as v from 'valibot'
import {
  base,
  bitcoin,
  bitcoinTestnet,
  createPortico,
  defineNetwork,
  LOCALES,
  type Locale,
  mainnet,
  PREFETCH_MODES,
  type PrefetchMode,
  solana,
  solanaDevnet,
  solanaTestnet,
} from '../entries/portico.ts'
import { allPlugins, onrampPlugin, sendPlugin, socialsPlugin, swapsPlugin } from '../entries/all.ts'
import { serverSiwx } from '../entries/siwx.ts'
import { DEMO_TOKENS } from './peers/tokens.mjs'
import { DEMO_UNISWAP } from './peers/uniswap.mjs'

/** The on-ramp providers' local stand-ins `npm start` runs (demo/peers/onrampStandIn.mjs). */
const ONRAMP_STAND_IN = 'http://127.0.0.1:8710'

const localChain = (id: number, name: string, port: number) =>
  defineNetwork({
    id,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
    testnet: true,
  })

/** The two local Hardhat nodes `npm start` runs; the second is for trying network switching. */
export const hardhat = localChain(31337, 'Hardhat', 8545)
export const hardhat2 = localChain(31338, 'Hardhat 2', 8546)

/** The local Solana cluster `npm start` runs (litesvm behind a JSON-RPC shim). */
export const solanaLocal = defineNetwork({
  id: 'localnet',
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  testnet: true,
})

/** Polkadot, which no predefined network covers: the relay chain by its genesis hash prefix (CAIP-2). */
export const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

/** The flags of the plugins the demo lists, and the kernel's own. */
const FEATURE_FLAGS = ['swaps', 'onramp', 'receive', 'send', 'analytics', 'allWallets', 'email', 'socials'] as const

/**
 * `?disable=receive,email` turns features off, so a person (and the browser
 * tests) can see that a disabled feature is never downloaded. Anything else in
 * the parameter is ignored.
 */
function disabledFeatures(search: string): Partial<Record<(typeof FEATURE_FLAGS)[number], false>> {
  const names = (new URLSearchParams(search).get('disable') ?? '').split(',')
  const known = names.filter((name) => v.is(v.picklist(FEATURE_FLAGS), name))
  return Object.fromEntries(known.map((name) => [name, false]))
}

const NETWORK_SETS = {
  evm: [hardhat, hardhat2, mainnet, base],
  all: [hardhat, hardhat2, solanaLocal, mainnet, base, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet, polkadot],
} as const

/**
 * `?networks=evm` configures EVM networks only, so a person (and the browser tests)
 * can see that the Solana, Bitcoin and Polkadot plugins are then never downloaded.
 * Only known values count; anything else means every network.
 */
function networkSet(search: string): keyof typeof NETWORK_SETS {
  const value = new URLSearchParams(search).get('networks')
  return v.is(v.picklist(['evm', 'all']), value) ? value : 'all'
}

/** `?social=redirect` logs in through a full-page redirect to the provider instead of a popup. */
function socialFlow(search: string): 'popup' | 'redirect' {
  return new URLSearchParams(search).get('social') === 'redirect' ? 'redirect' : 'popup'
}

/**
 * `?legal=on` asks the visitor to agree to the demo's terms and privacy policy before any
 * connect control works (`features.legalCheckbox`).
 */
const legalCheckbox = new URLSearchParams(globalThis.location.search).get('legal') === 'on'
const legalDocuments = () => ({ termsConditionsUrl: `${globalThis.location.origin}/terms`, privacyPolicyUrl: `${globalThis.location.origin}/privacy` })

/** `?wallets=browser` leaves WalletConnect out: browser wallets only, as an app without a relay has it. */
const browserWalletsOnly = (search: string) => new URLSearchParams(search).get('wallets') === 'browser'
/** `?prefetch=intent` or `?prefetch=none` (the bench compares them); anything else: the default, idle. */
function prefetchMode(search: string): PrefetchMode {
  const value = new URLSearchParams(search).get('prefetch')
  return v.is(v.picklist(PREFETCH_MODES), value) ? value : 'idle'
}

/** `?locale=ja` (one of the 22): the modal's language; anything else, the browser's. */
export function demoLocale(search: string): Locale | undefined {
  const value = new URLSearchParams(search).get('locale')
  return v.is(v.picklist(LOCALES), value) ? value : undefined
}

/** The sign-in modes the demo offers: none, a sign-in the visitor may skip, or one without which they stay disconnected. */
export const SIWX_MODES = ['off', 'optional', 'required'] as const
export type SiwxMode = (typeof SIWX_MODES)[number]

/** `?siwx=optional` or `?siwx=required` asks every connection to sign in; anything else: no sign-in. */
export function siwxMode(search: string): SiwxMode {
  const value = new URLSearchParams(search).get('siwx')
  return v.is(v.picklist(SIWX_MODES), value) ? value : 'off'
}

/** Sign-ins go to the demo's backend (demo/peers/siwxBackend.ts, portico/siwx-server) on this origin. */
function siwxConfig(mode: SiwxMode) {
  if (mode === 'off') return undefined
  return serverSiwx({ url: '/siwx', statement: 'Sign in to the Portico demo', required: mode === 'required' })
}

/**
 * The demo configures Portico the way an integrator would. Everything it talks
 * to is local: analytics go to the demo server's own /e endpoint.
 */
export const kit = createPortico({
  projectId: 'portico-demo',
  networks: [...NETWORK_SETS[networkSet(globalThis.location.search)]],
  defaultNetwork: hardhat,
  metadata: {
    name: 'Portico demo',
    description: 'A host app that uses every public hook',
    url: globalThis.location.origin,
    icons: [],
  },
  ...(legalCheckbox ? legalDocuments() : {}),
  features: { ...disabledFeatures(globalThis.location.search), legalCheckbox },
  prefetch: prefetchMode(globalThis.location.search),
  locale: demoLocale(globalThis.location.search),
  siwx: siwxConfig(siwxMode(globalThis.location.search)),
  // Every plugin that ships with Portico: the demo shows them all. Its DUSD test token has
  // USDT's transfer (no bool returned), so Send is told to check it with that ABI.
  plugins: allPlugins([
    sendPlugin({ usdtContracts: DEMO_TOKENS.filter((token) => token.usdtShaped).map((token) => token.address) }),
    // Swaps on Hardhat through the demo's own Uniswap V2 deployment (demo/peers/uniswap.mjs).
    swapsPlugin({ routers: { [DEMO_UNISWAP.chainId]: { router: DEMO_UNISWAP.router, factory: DEMO_UNISWAP.factory, weth: DEMO_UNISWAP.weth } } }),
    socialsPlugin({ flow: socialFlow(globalThis.location.search) }),
    // On-ramp through the local stand-ins of Coinbase's and Meld's pages (demo/peers/onrampStandIn.mjs).
    onrampPlugin({
      coinbase: { url: `${ONRAMP_STAND_IN}/coinbase` },
      meld: { url: `${ONRAMP_STAND_IN}/meld` },
      presetAmount: 100,
    }),
  ]).filter((plugin) => !(browserWalletsOnly(globalThis.location.search) && plugin.id === 'walletconnect')),
  // Everything local: analytics to the demo server, WalletConnect through the local relay and
  // registry, email login through the local frame server.
  endpoints: {
    analytics: globalThis.location.origin,
    relay: 'ws://127.0.0.1:8620',
    walletRegistry: 'http://127.0.0.1:8630',
    // The embedded wallet's secure frame, on its own origin (email and social login; the
    // providers are the local OpenID provider, demo/peers/oidc.ts).
    frame: 'http://127.0.0.1:8700',
    // Balances, prices, history and NFTs: the local Blockchain API (servers/api) indexing the Hardhat nodes.
    blockchainApi: 'http://127.0.0.1:8702/',
  },
})
