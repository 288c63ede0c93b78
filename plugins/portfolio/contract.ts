import type { DirectTokens } from '../../services/blockchainApi/provide.ts'

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

export interface ParsedPortfolioOptions {
  readonly tokens: DirectTokens
}

/** The Account tab panels the body registers. */
export const TOKENS_PANEL = 'AccountTokens'
export const NFTS_PANEL = 'AccountNfts'
