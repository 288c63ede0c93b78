import type { DependencyContainer } from 'tsyringe'
import { refreshTokenBalances } from './portfolio.ts'
import { isRegistered, resolve } from '../../kernel/container/token.ts'
import { ITokenBalances, type TokenBalances } from '../../kernel/balances/tokenBalances.ts'

/**
 * The kit's token balances service, registered under `ITokenBalances` by the first body that
 * asks (here, not in the container: its client would otherwise join the first screen's chunks).
 * Another plugin, or the app's own, may register its own first.
 */
export function tokenBalances(container: DependencyContainer): TokenBalances {
  if (!isRegistered(container, ITokenBalances)) {
    const service: TokenBalances = { refresh: (options) => refreshTokenBalances(container, options) }
    container.register(ITokenBalances, { useValue: service })
  }
  return resolve(container, ITokenBalances)
}
