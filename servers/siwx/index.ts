/** portico/siwx-server: sign-in with a wallet for a Node backend (see createSiwxServer). */
export { createSiwxServer } from './server.ts'
export {
  SiwxLimitError,
  SiwxUnavailableError,
  type SiwxRefusal,
  type SiwxServer,
  type SiwxServerOptions,
  type SiwxSession,
  type SiwxVerifyResult,
} from './types.ts'
export type { DatabaseLocation, Database } from '../db/index.ts'
export type { RpcUrls } from '../common/agreeingNodes.ts'
