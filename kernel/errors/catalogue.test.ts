import { describe, expect, it } from 'vitest'
import {
  Alerts,
  EmbeddedWalletErrorText,
  ErrorText,
  HttpRpcErrorText,
  ProviderErrorAlert,
  ProviderErrorText,
  RPC_NOT_ALLOWED_UI_TEXT,
  SnackText,
  WalletErrorCode,
  errorRegisteringName,
  httpStatusError,
  tryAgainAfter,
} from './catalogue.ts'
import { ConfigError, PorticoError } from './base.ts'

// This file is the one place the error texts are retyped: it guards the catalogue.

describe('error catalogue', () => {
  it.each([
    ['TOKEN_BALANCE_UNAVAILABLE', 'Token Balance Unavailable'],
    ['SOMETHING_WENT_WRONG', 'Something went wrong'],
    ['SOLANA_SEND_FAILED', 'Failed to send transaction. Please try again.'],
    ['FAILED_TO_FETCH_TRANSACTIONS', 'Failed to fetch transactions'],
    ['TRANSACTION_STARTED', 'Transaction started'],
    ['AUTHENTICATING', 'Authenticating...'],
    ['AUTH_INIT_FAILED', 'A problem occurred while trying initialize authentication'],
    ['SIGNATURE_DECLINED', 'Signature declined'],
    ['SMART_ACCOUNT_UNSUPPORTED', 'This application might not support Smart Accounts'],
  ] as const)('snack message %s is %j', (name, text) => {
    expect(SnackText[name]).toBe(text)
  })

  it.each([
    ['INVALID_APP_CONFIGURATION', 'Invalid App Configuration'],
    ['NETWORK_NOT_FOUND', 'Network Not Found'],
    ['SESSION_EXPIRED', 'Session Expired'],
    ['INVALID_PROJECT_ID', 'Invalid Project ID'],
    ['PROJECT_ID_NOT_CONFIGURED', 'Project ID Not Configured'],
    ['SOCIALS_TIMEOUT', 'Embedded wallet load failure'],
  ] as const)('alert %s is %j', (name, text) => {
    expect(Alerts[name].shortMessage).toBe(text)
    expect(Alerts[name].longMessage.length).toBeGreaterThan(0)
  })

  it('alerts: every alert has its own code (each code is reported once)', () => {
    const codes = Object.values(Alerts).map((alert) => alert.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('provider error texts and the alerts they map to', () => {
    expect(ProviderErrorText).toEqual({
      ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
      JWT_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
      INVALID_KEY: 'Unauthorized: invalid key',
    })
    expect(ProviderErrorAlert['Unauthorized: origin not allowed'].shortMessage).toBe('Invalid App Configuration')
    expect(ProviderErrorAlert['JWT validation error: JWT Token is not yet valid'].shortMessage).toBe('Session Expired')
    expect(ProviderErrorAlert['Unauthorized: invalid key'].shortMessage).toBe('Invalid Project ID')
  })

  it.each([
    ['CHAIN_REQUIRED', 'Chain is required to update chain account data'],
    ['CHAIN_ADAPTER_NOT_FOUND', 'Chain adapter not found'],
    ['NETWORK_CLIENT_NOT_SET', 'NetworkController client not set'],
    ['CONNECTION_CLIENT_NOT_SET', 'ConnectionController client not set'],
    ['UNSUPPORTED_CHAIN', 'Unsupported chain'],
    ['FAILED_TO_DISCONNECT', 'Failed to disconnect'],
    ['NETWORK_NOT_FOUND', 'Network not found'],
    ['ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND', 'Address or auth connector not found'],
    ['SIWX_NOT_ENABLED', 'SIWX is not enabled'],
    ['NO_ACTIVE_CAIP_ADDRESS', 'No ActiveCaipAddress found'],
    ['ERROR_RESOLVING_NAME', 'Error resolving name'],
    ['ERROR_FETCHING_NAME_SUGGESTIONS', 'Error fetching name suggestions'],
    ['ERROR_FETCHING_NAMES_FOR_ADDRESS', 'Error fetching names for address'],
    ['ADAPTER_NOT_FOUND', 'Adapter not found'],
    ['CAIP_NETWORK_UNDEFINED', 'CaipNetwork is undefined'],
    ['CAIP_NETWORK_OR_ADDRESS_UNDEFINED', 'CaipNetwork or CaipAddress is undefined'],
    ['WALLETCONNECT_CONNECTOR_NOT_FOUND', 'WalletConnectConnector not found'],
    ['UNIVERSAL_SIGN_MESSAGE_NO_PROVIDER', 'UniversalAdapter:signMessage - provider is undefined'],
    ['INVALID_CAIP_ADDRESS', 'Invalid CAIP Address'],
    ['CHAIN_NOT_SUPPORTED', 'Chain is not supported'],
    // validation texts
    ['INVALID_CAIP10_ADDRESS', 'Invalid CAIP-10 address'],
    ['INVALID_CAIP2_NETWORK_ID', 'Invalid CAIP-2 network id'],
    ['RPC_METHOD_NOT_ALLOWED', 'Requested RPC call is not allowed'],
    ['INVALID_CHAIN_ID', 'Invalid chainId'],
    ['SOLANA_AMOUNT_AND_RECEIVER_REQUIRED', 'Please enter a valid amount and receiver address'],
    ['SIWE_AND_SIWX_BOTH_SET', 'siweConfig and siwx cannot both be set'],
  ] as const)('thrown error %s is %j', (name, text) => {
    expect(ErrorText[name]).toBe(text)
  })

  it("'Error registering name {name}'", () => {
    expect(errorRegisteringName('alice')).toBe('Error registering name alice')
  })

  it("disallowed RPC UI wording is 'Action not allowed'", () => {
    expect(RPC_NOT_ALLOWED_UI_TEXT).toBe('Action not allowed')
  })

  it("HTTP helper: 'HTTP status code: N'", () => {
    expect(httpStatusError(403)).toBe('HTTP status code: 403')
    expect(httpStatusError(500)).toBe('HTTP status code: 500')
  })

  it('embedded wallet errors', () => {
    expect(tryAgainAfter(12)).toBe('Please try again after 12 seconds')
    expect(EmbeddedWalletErrorText).toEqual({
      UNABLE_TO_LOAD: 'Unable to load email login dependency',
      REQUEST_ABORTED: 'Request was aborted',
      SOMETHING_WENT_WRONG: 'Something went wrong',
      FALLBACK: 'An error occurred',
      IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
      PARENT_NOT_SET: 'W3mFrame: parent is not set',
    })
  })

  it('wallet error codes: 4902 unrecognized chain, 5000 default, 32603 invalid chain id', () => {
    expect(WalletErrorCode).toEqual({ UNRECOGNIZED_CHAIN: 4902, DEFAULT: 5000, INVALID_CHAIN_ID: 32603 })
  })

  it('HTTP RPC errors: no URL, timeout, HTTP status, RPC error each have a distinct text', () => {
    const texts = [HttpRpcErrorText.NO_URL, HttpRpcErrorText.TIMEOUT, HttpRpcErrorText.HTTP_STATUS, HttpRpcErrorText.RPC_ERROR]
    expect(texts.every((text) => text.length > 0)).toBe(true)
    expect(new Set(texts).size).toBe(4)
  })
})

describe('PorticoError', () => {
  it('shortMessage is the catalogue text; details are appended to message', () => {
    const error = new PorticoError(ErrorText.CHAIN_ADAPTER_NOT_FOUND, { details: 'eip155' })
    expect(error.shortMessage).toBe(ErrorText.CHAIN_ADAPTER_NOT_FOUND)
    expect(error.message.startsWith(ErrorText.CHAIN_ADAPTER_NOT_FOUND)).toBe(true)
    expect(error.message).toContain('eip155')
    expect(new PorticoError(ErrorText.UNSUPPORTED_CHAIN).message).toBe(ErrorText.UNSUPPORTED_CHAIN)
  })

  it('walk returns the innermost cause, or the first matching error', () => {
    const root = new TypeError('root')
    const middle = new PorticoError(ErrorText.NETWORK_NOT_FOUND, { cause: root })
    const top = new PorticoError(ErrorText.FAILED_TO_DISCONNECT, { cause: middle })
    expect(top.walk()).toBe(root)
    expect(top.walk((e) => e instanceof PorticoError && e.shortMessage === ErrorText.NETWORK_NOT_FOUND)).toBe(middle)
    expect(top.walk(() => false)).toBeUndefined()
  })

  it('ConfigError carries the bad field and is a PorticoError', () => {
    const error = new ConfigError('features.email', 'Invalid type')
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.field).toBe('features.email')
    expect(error.message).toContain('features.email')
    expect(error.details).toBe('Invalid type')
  })
})
