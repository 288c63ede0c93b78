import { ORIGIN_NOT_ALLOWED } from '../../protocol/frameServerErrors.ts'

/**
 * The catalogue's texts that code on the first screen uses, one constant each:
 * catalogue.ts builds its objects from them, and a first-screen module imports the
 * constant rather than the object, so an app's bundler keeps these few texts before
 * the click and the rest of the catalogue only where it is used.
 */

/** An alert the modal shows in its alert bar; `code` makes it reportable once. */
export interface AlertDefinition {
  readonly code: string
  readonly shortMessage: string
  readonly longMessage: string
}

export const CHAIN_REQUIRED = 'Chain is required to update chain account data'
export const CHAIN_ADAPTER_NOT_FOUND = 'Chain adapter not found'
export const NETWORK_NOT_FOUND = 'Network not found'
export const RPC_METHOD_NOT_ALLOWED = 'Requested RPC call is not allowed'
export const SIGNATURE_DECLINED = 'Signature declined'
/** The adapter-missing error for adding or removing a network. */
export const adapterMissingError = (namespace: string) => `Adapter for namespace "${namespace}" doesn't exist`
/** UI wording for a disallowed RPC method. */
export const RPC_NOT_ALLOWED_UI_TEXT = 'Action not allowed'

export const INVALID_APP_CONFIGURATION: AlertDefinition = {
  code: 'APKT001',
  shortMessage: 'Invalid App Configuration',
  longMessage: 'The origin of this page is not on the project allowlist. Add it in the project settings.',
}
export const SESSION_EXPIRED: AlertDefinition = {
  code: 'APKT003',
  shortMessage: 'Session Expired',
  longMessage: 'The session is invalid. Check that the time settings of this device are correct.',
}
export const INVALID_PROJECT_ID: AlertDefinition = {
  code: 'APKT004',
  shortMessage: 'Invalid Project ID',
  longMessage: 'The project id is not valid. Check the project id in the configuration.',
}
export const PROJECT_ID_NOT_CONFIGURED: AlertDefinition = {
  code: 'APKT005',
  shortMessage: 'Project ID Not Configured',
  longMessage: 'Pass a projectId to createPortico().',
}
/** Portico's own: a plugin body failed to download or activate. */
export const PLUGIN_LOAD_FAILED: AlertDefinition = {
  code: 'PRTC001',
  shortMessage: 'Feature failed to load',
  longMessage: 'Part of the modal could not be loaded. Check the connection and retry.',
}

export const JWT_NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'
export const INVALID_KEY = 'Unauthorized: invalid key'

/** Which alert each provider error text raises. */
export const ProviderErrorAlert: Readonly<Record<string, AlertDefinition>> = {
  [ORIGIN_NOT_ALLOWED]: INVALID_APP_CONFIGURATION,
  [JWT_NOT_YET_VALID]: SESSION_EXPIRED,
  [INVALID_KEY]: INVALID_PROJECT_ID,
}
