import type { TokenBalance } from '../chains/accountState.ts'
import { createToken } from '../container/token.ts'

/**
 * The active account's fungible balances on the active network, kept in its `tokenBalance`:
 * the portfolio's Tokens tab, the send form and the swap form ask it, and none of them needs
 * to know where the balances come from (the wallet's asset discovery, the Blockchain API).
 */
export interface TokenBalances {
  /**
   * Fills the account's `tokenBalance` and answers it; cached 30 s per account and network,
   * and never rejects: a failure shows its snack, keeps the list it had, and retries after 30 s.
   * `force` skips the cache and the wait after a failure (after a send, say).
   */
  refresh(options?: { readonly force?: boolean }): Promise<readonly TokenBalance[]>
}

export const ITokenBalances = createToken<TokenBalances>('ITokenBalances')
