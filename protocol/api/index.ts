/**
 * The Blockchain API contract: its interface, HTTP paths and answer schemas, shared by
 * the account-feature plugins and servers/api. Its own entry, not re-exported by
 * kernel/index.ts: nothing on the first screen reads balances or history.
 */
export { type BlockchainApi, BlockchainApiPaths } from './contract.ts'
export * from './schemas.ts'
