import { and, eq, inArray, or } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { BalancesResponse, TokenBalance } from '../../../protocol/api/schemas.ts'
import { apiTables } from '../../db/index.ts'
import type { ApiContext } from '../context.ts'
import { ApiError, ChainIdField, addressOn, readQuery, sourceOf } from '../http.ts'
import type { SourceBalances } from '../indexer/source.ts'
import { NATIVE } from '../prices.ts'
import { quantity, tokenInfo } from './tokens.ts'

const { apiTransfers: t } = apiTables

const BalanceQuery = v.object({
  chainId: ChainIdField,
  currency: v.optional(v.picklist(['usd'], 'must be usd')),
})

/**
 * GET /v1/balance/:address?chainId= : the native balance and every fungible token the
 * account ever moved (the index finds them), read from the chain now, priced in dollars.
 * The native currency comes first, then tokens by value; tokens now at zero are left out.
 */
export function balanceRoutes(app: Hono, context: ApiContext): void {
  app.get('/v1/balance/:address', async (c) => {
    const query = readQuery(c, BalanceQuery)
    const source = sourceOf(context, query.chainId)
    const address = addressOn(c, source)
    const moved = await context.db
      .selectDistinct({ token: t.token })
      .from(t)
      .where(and(eq(t.chainId, source.chainId), inArray(t.kind, ['erc20', 'spl']), or(eq(t.fromAddress, address), eq(t.toAddress, address))))
    const tokens = moved.map((row) => row.token)
    let balances: SourceBalances
    try {
      balances = await source.balances(address, tokens)
    } catch (error) {
      throw new ApiError(503, 'CHAIN_UNAVAILABLE', `${source.chainId}: the chain's node did not answer (${(error as Error).message.split('\n')[0]})`)
    }
    const [info, prices] = await Promise.all([tokenInfo(context, source.chainId, tokens), context.prices.prices(source.chainId, [NATIVE, ...tokens])])
    const priced = (amount: bigint, decimals: number, price: number) => {
      const held = quantity(amount, decimals)
      return { quantity: held, price, value: Number(held.numeric) * price }
    }
    const native: TokenBalance = {
      name: source.nativeCurrency.name,
      symbol: source.nativeCurrency.symbol,
      chainId: source.chainId,
      ...priced(balances.native, source.nativeCurrency.decimals, prices.get(NATIVE) ?? 0),
      iconUrl: '',
    }
    const held = tokens.flatMap((token): TokenBalance[] => {
      const amount = balances.tokens.get(token)
      const meta = info.get(token)
      if (!amount || !meta) return []
      return [{ name: meta.name, symbol: meta.symbol, chainId: source.chainId, address: token, ...priced(amount, meta.decimals ?? 0, prices.get(token) ?? 0), iconUrl: '' }]
    })
    held.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
    const body: BalancesResponse = { balances: [native, ...held] }
    return c.json(body)
  })
}
