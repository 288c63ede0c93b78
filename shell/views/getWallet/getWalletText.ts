/**
 * What the Connect view says when no wallet is found, and the Get a wallet view's texts:
 * the catalogue for these views (SPEC §8 has no wording for them).
 */
export const GetWalletText = {
  NO_WALLET_FOUND: 'No wallet found in this browser',
  NO_WALLET_WHY: 'Connecting needs a wallet app or browser extension, and none answered on this page. Install one, then come back and connect.',
  GET_A_WALLET: 'Get a wallet',
  INTRO: 'Wallets for the networks this app uses. Each link opens its store page in a new tab.',
  NONE_FOR_NETWORKS: 'No wallet in this list supports the networks this app uses.',
  WALLETS: 'Wallets to install',
  /** Read after each install link's text, for screen readers only (G201). */
  OPENS_IN_NEW_TAB: '(opens in a new tab)',
} as const

/** Where an install link leads, as the row's second line says it. */
export const StoreName = {
  chrome: 'Chrome Web Store',
  firefox: 'Firefox Add-ons',
  ios: 'App Store',
  android: 'Google Play',
  web: 'Website',
} as const
