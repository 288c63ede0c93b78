import type { ChainNamespace } from '../chains/namespaces.ts'
import { isUnsupportedPlaceholder } from '../chains/network.ts'
import { CacheLifetimeMs } from '../constants.ts'
import { SnackText } from '../errors/catalogue.ts'
import { connectedConnector } from './connectedConnector.ts'
import type { ConnectionContext } from './context.ts'

/**
 * Reads the native balance of the namespace's account through its adapter,
 * cached 30 s. A failure leaves the old figure and says so once.
 */
export async function syncBalance(ctx: ConnectionContext, namespace: ChainNamespace): Promise<void> {
  const record = ctx.chains.record(namespace)
  const address = record?.accountState.address
  const network = record?.networkState.caipNetwork
  if (!address || !network || isUnsupportedPlaceholder(network)) return
  const cacheId = `${network.caipNetworkId}:${address}`
  const cached = ctx.storage.getCached('nativeBalanceCache', cacheId, CacheLifetimeMs.nativeBalance)
  const applyIfCurrent = (balance: string, symbol: string) => {
    const now = ctx.chains.record(namespace)
    if (now?.accountState.address === address && now.networkState.caipNetwork?.caipNetworkId === network.caipNetworkId) {
      ctx.chains.updateAccount(namespace, { balance, balanceSymbol: symbol })
    }
  }
  if (cached) return applyIfCurrent(cached.balance, cached.symbol)
  try {
    const connector = connectedConnector(ctx, namespace)
    const adapter = connector ? await ctx.adapters.resolveForConnector(connector) : await ctx.adapters.resolve(namespace)
    const { balance, symbol } = await adapter.getBalance(address, network)
    ctx.storage.setCached('nativeBalanceCache', cacheId, { balance, symbol })
    applyIfCurrent(balance, symbol)
  } catch (error) {
    ctx.logger.warn(`[Portico] ${SnackText.TOKEN_BALANCE_UNAVAILABLE}`, error)
  }
}
