import { ORIGIN_NOT_ALLOWED, tryAgainAfter } from '../../protocol/frameServerErrors.ts'
import * as firstScreen from './firstScreenTexts.ts'
import type { AlertDefinition } from './firstScreenTexts.ts'

/**
 * The error catalogue: the texts of snacks, alerts and thrown errors. Code and
 * tests import these constants and never retype the text.
 */

/** Snack messages. */
export const SnackText = {
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  SOLANA_SEND_FAILED: 'Failed to send transaction. Please try again.',
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  TRANSACTION_STARTED: 'Transaction started',
  AUTHENTICATING: 'Authenticating...',
  AUTH_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: firstScreen.SIGNATURE_DECLINED,
  SMART_ACCOUNT_UNSUPPORTED: 'This application might not support Smart Accounts',
} as const

export type { AlertDefinition } from './firstScreenTexts.ts'

/** Alerts. Portico's own additions are marked. */
export const Alerts = {
  INVALID_APP_CONFIGURATION: firstScreen.INVALID_APP_CONFIGURATION,
  NETWORK_NOT_FOUND: {
    code: 'APKT002',
    shortMessage: 'Network Not Found',
    longMessage: 'The network is not in the list of networks this app is configured with.',
  },
  SESSION_EXPIRED: firstScreen.SESSION_EXPIRED,
  INVALID_PROJECT_ID: firstScreen.INVALID_PROJECT_ID,
  PROJECT_ID_NOT_CONFIGURED: firstScreen.PROJECT_ID_NOT_CONFIGURED,
  SOCIALS_TIMEOUT: {
    code: 'APKT006',
    shortMessage: 'Embedded wallet load failure',
    longMessage: 'The embedded wallet did not load in time. Check the network and try again.',
  },
  /** Portico's own: a plugin body failed to download or activate. */
  PLUGIN_LOAD_FAILED: firstScreen.PLUGIN_LOAD_FAILED,
} as const satisfies Record<string, AlertDefinition>

/** Provider error texts that map to an alert. */
export const ProviderErrorText = {
  ORIGIN_NOT_ALLOWED,
  JWT_NOT_YET_VALID: firstScreen.JWT_NOT_YET_VALID,
  INVALID_KEY: firstScreen.INVALID_KEY,
} as const

/** Which alert each provider error text raises. */
export const ProviderErrorAlert = firstScreen.ProviderErrorAlert as Readonly<Record<(typeof ProviderErrorText)[keyof typeof ProviderErrorText], AlertDefinition>>

/** Thrown errors. */
export const ErrorText = {
  CHAIN_REQUIRED: firstScreen.CHAIN_REQUIRED,
  CHAIN_ADAPTER_NOT_FOUND: firstScreen.CHAIN_ADAPTER_NOT_FOUND,
  NETWORK_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CLIENT_NOT_SET: 'ConnectionController client not set',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  NETWORK_NOT_FOUND: firstScreen.NETWORK_NOT_FOUND,
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  ERROR_RESOLVING_NAME: 'Error resolving name',
  ERROR_FETCHING_NAME_SUGGESTIONS: 'Error fetching name suggestions',
  ERROR_FETCHING_NAMES_FOR_ADDRESS: 'Error fetching names for address',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  UNIVERSAL_SIGN_MESSAGE_NO_PROVIDER: 'UniversalAdapter:signMessage - provider is undefined',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP Address',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  INVALID_CAIP10_ADDRESS: 'Invalid CAIP-10 address',
  INVALID_CAIP2_NETWORK_ID: 'Invalid CAIP-2 network id',
  RPC_METHOD_NOT_ALLOWED: firstScreen.RPC_METHOD_NOT_ALLOWED,
  INVALID_CHAIN_ID: 'Invalid chainId',
  SOLANA_AMOUNT_AND_RECEIVER_REQUIRED: 'Please enter a valid amount and receiver address',
  SIWE_AND_SIWX_BOTH_SET: 'siweConfig and siwx cannot both be set',
} as const

/** UI wording for a disallowed RPC method. */
export const RPC_NOT_ALLOWED_UI_TEXT = firstScreen.RPC_NOT_ALLOWED_UI_TEXT

/** 'Error registering name {name}'. */
export const errorRegisteringName = (name: string) => `Error registering name ${name}`

/** 'HTTP status code: N'. */
export const httpStatusError = (status: number) => `HTTP status code: ${status}`

/** The adapter-missing error for adding or removing a network. */
export const adapterMissingError = firstScreen.adapterMissingError

/** Embedded wallet errors. */
export const EmbeddedWalletErrorText = {
  UNABLE_TO_LOAD: 'Unable to load email login dependency',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  FALLBACK: 'An error occurred',
  IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
  PARENT_NOT_SET: 'W3mFrame: parent is not set',
} as const

export { tryAgainAfter }

/** Wallet error codes. */
export const WalletErrorCode = {
  UNRECOGNIZED_CHAIN: 4902,
  DEFAULT: 5000,
  INVALID_CHAIN_ID: 32603,
} as const

/** EIP-5792's errors (wallet_sendCalls and its status): the texts, and the codes a dapp's library reads. */
export const CallsErrorText = {
  ATOMICITY_NOT_SUPPORTED: 'Atomicity not supported',
  UNKNOWN_BUNDLE_ID: 'Unknown bundle id',
} as const
export const CallsErrorCode: Readonly<Record<(typeof CallsErrorText)[keyof typeof CallsErrorText], number>> = {
  [CallsErrorText.ATOMICITY_NOT_SUPPORTED]: 5760,
  [CallsErrorText.UNKNOWN_BUNDLE_ID]: 5730,
}

/** HTTP RPC transport errors. */
export const HttpRpcErrorText = {
  NO_URL: 'No URL was provided to the Transport.',
  TIMEOUT: 'The request took too long to respond.',
  HTTP_STATUS: 'HTTP request failed.',
  RPC_ERROR: 'RPC Request failed.',
} as const
