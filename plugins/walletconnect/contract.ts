// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The views the body registers: a wallet's QR code or deep link, the same without a chosen wallet (basic mode), and the wallet list. */
export const CONNECTING_WALLET_CONNECT_VIEW = 'ConnectingWalletConnect'
export const CONNECTING_WALLET_CONNECT_BASIC_VIEW = 'ConnectingWalletConnectBasic'
export const ALL_WALLETS_VIEW = 'AllWallets'
