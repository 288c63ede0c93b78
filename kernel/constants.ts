import { SOCIAL_PROVIDERS, type SocialProvider } from '../protocol/socialProviders.ts'

/** The business constants and limits, as named exports. Durations in ms. */

export const LIBRARY_VERSION = '1.7.3'
export const SDK_TYPE = 'portico'

export const TOKEN_BALANCE_RETRY_MS = 30_000

export const CacheLifetimeMs = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  ens: 5 * 60_000,
  identity: 5 * 60_000,
} as const

export const SHAKE_MS = 500
export const SNACK_SWAP_DELAY_MS = 150
export const DEBOUNCE_MS = 500
export const RECENT_WALLETS_MAX = 2
/** How long the `ssr: true` state cookie outlives the visit: 30 days, then a server renders disconnected until the kit restores. */
export const STATE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

export const AnimationMs = {
  headerText: 120,
  modalHeight: 150,
  viewTransition: 150,
} as const

export const MODAL_WIDTH_PX = 360

export { SOCIAL_PROVIDERS, type SocialProvider }
export type SocialOption = SocialProvider | 'farcaster'

/** How wallet groups are ordered in lists. */
export const CONNECTOR_TYPE_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof CONNECTOR_TYPE_ORDER)[number]

export const BALANCE_DISPLAY_DECIMALS = 3

export const ADDRESS_TRUNCATION = { start: 4, end: 6 } as const

export const ThemeDefaults = {
  themeMode: 'dark',
  fontFamily: 'Inter',
  borderRadius: '4px',
  fontSize: '10px',
  zIndex: 999,
} as const

export const DISALLOWED_RPC_UI_ERROR_DELAY_MS = 300

export const HttpRpcDefaults = {
  timeoutMs: 10_000,
  batchSize: 1_000,
  batchWaitMs: 0,
} as const

/** Native currency decimals per namespace. */
export const NativeDecimals = { eip155: 18, solana: 9, bip122: 8 } as const

export const ENS_MAX_CHAIN_ID = 2_147_483_648

/** Restricted timezones. */
export const RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Macau',
  'Asia/Macao',
  'Asia/Hong_Kong',
  'Asia/Beijing',
] as const
