import type { ChainNamespace } from '../../kernel/index.ts'

/** A pairing uri lives 4 minutes. */
export const PAIRING_LIFETIME_MS = 4 * 60_000
/** A pairing counts as expired when this much or less of it remains. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** The id of the WalletConnect connector, one per configured namespace. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
export const WALLETCONNECT_NAME = 'WalletConnect'

/**
 * The methods a WalletConnect session asks for, per namespace
 * (eip155 24, solana 6, bip122 4). A wallet answers these; anything else goes to
 * the network's RPC url.
 */
export const NAMESPACE_METHODS = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'personal_sign',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_registerOnboarding',
    'wallet_watchAsset',
    'wallet_scanQRCode',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_sendCalls',
    'wallet_getCapabilities',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_requestAccounts', 'solana_getAccounts', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
  polkadot: ['polkadot_signTransaction', 'polkadot_signMessage'],
} as const satisfies Record<ChainNamespace, readonly string[]>

/** The default events of every namespace. */
export const NAMESPACE_EVENTS = ['accountsChanged', 'chainChanged'] as const
