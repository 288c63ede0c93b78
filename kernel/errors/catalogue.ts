import { ORIGIN_NOT_ALLOWED, tryAgainAfter } from '../../protocol/frameServerErrors.ts'

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
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNT_UNSUPPORTED: 'This application might not support Smart Accounts',
} as const

/** An alert the modal shows in its alert bar; `code` makes it reportable once. */
export interface AlertDefinition {
  readonly code: string
  readonly shortMessage: string
  readonly longMessage: string
}

/** Alerts. Portico's own additions are marked. */
export const Alerts = {
  INVALID_APP_CONFIGURATION: {
    code: 'APKT001',
    shortMessage: 'Invalid App Configuration',
    longMessage:
      'The origin of this page is not on the project allowlist. Add it in the project settings.',
  },
  NETWORK_NOT_FOUND: {
    code: 'APKT002',
    shortMessage: 'Network Not Found',
    longMessage: 'The network is not in the list of networks this app is configured with.',
  },
  SESSION_EXPIRED: {
    code: 'APKT003',
    shortMessage: 'Session Expired',
    longMessage: 'The session is invalid. Check that the time settings of this device are correct.',
  },
  INVALID_PROJECT_ID: {
    code: 'APKT004',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id is not valid. Check the project id in the configuration.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    code: 'APKT005',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Pass a projectId to createPortico().',
  },
  SOCIALS_TIMEOUT: {
    code: 'APKT006',
    shortMessage: 'Embedded wallet load failure',
    longMessage: 'The embedded wallet did not load in time. Check the network and try again.',
  },
  /** Portico's own: a plugin body failed to download or activate. */
  PLUGIN_LOAD_FAILED: {
    code: 'PRTC001',
    shortMessage: 'Feature failed to load',
    longMessage: 'Part of the modal could not be loaded. Check the connection and retry.',
  },
} as const satisfies Record<string, AlertDefinition>

/** Provider error texts that map to an alert. */
export const ProviderErrorText = {
  ORIGIN_NOT_ALLOWED,
  JWT_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
  INVALID_KEY: 'Unauthorized: invalid key',
} as const

/** Which alert each provider error text raises. */
export const ProviderErrorAlert: Record<(typeof ProviderErrorText)[keyof typeof ProviderErrorText], AlertDefinition> = {
  [ProviderErrorText.ORIGIN_NOT_ALLOWED]: Alerts.INVALID_APP_CONFIGURATION,
  [ProviderErrorText.JWT_NOT_YET_VALID]: Alerts.SESSION_EXPIRED,
  [ProviderErrorText.INVALID_KEY]: Alerts.INVALID_PROJECT_ID,
}

/** Thrown errors. */
export const ErrorText = {
  CHAIN_REQUIRED: 'Chain is required to update chain account data',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CLIENT_NOT_SET: 'ConnectionController client not set',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  NETWORK_NOT_FOUND: 'Network not found',
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
  RPC_METHOD_NOT_ALLOWED: 'Requested RPC call is not allowed',
  INVALID_CHAIN_ID: 'Invalid chainId',
  SOLANA_AMOUNT_AND_RECEIVER_REQUIRED: 'Please enter a valid amount and receiver address',
  SIWE_AND_SIWX_BOTH_SET: 'siweConfig and siwx cannot both be set',
} as const

/** UI wording for a disallowed RPC method. */
export const RPC_NOT_ALLOWED_UI_TEXT = 'Action not allowed'

/** 'Error registering name {name}'. */
export const errorRegisteringName = (name: string) => `Error registering name ${name}`

/** 'HTTP status code: N'. */
export const httpStatusError = (status: number) => `HTTP status code: ${status}`

/** The adapter-missing error for adding or removing a network. */
export const adapterMissingError = (namespace: string) =>
  `Adapter for namespace "${namespace}" doesn't exist`

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
