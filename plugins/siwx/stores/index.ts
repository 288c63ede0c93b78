/**
 * The sign-in stores an app passes as `siwx` (`portico/siwx` publishes them): one in
 * the browser, one over a backend's wire API. Framework-free; its own entry, not
 * re-exported by kernel/index.ts, so only apps that sign in carry it.
 */
export { localSiwx, LOCAL_SIWX_STORAGE_KEY, type LocalSiwxOptions } from './local.ts'
export { serverSiwx, type ServerSiwxOptions } from './server.ts'
export type { MessageOptions } from './message.ts'
export { SiwxError, SiwxErrorText } from './errors.ts'
