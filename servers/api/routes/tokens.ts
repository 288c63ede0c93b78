import { and, eq, inArray } from 'drizzle-orm'
import { formatUnits } from 'viem'
import { apiTables } from '../../db/index.ts'
import type { ApiContext } from '../context.ts'

const { apiTokens } = apiTables

export interface TokenInfo {
  readonly name: string
  readonly symbol: string
  /** Null for an NFT collection. */
  readonly decimals: number | null
}

/** Stored metadata of `addresses` on a network, by address. */
export async function tokenInfo(context: ApiContext, chainId: string, addresses: Iterable<string>): Promise<Map<string, TokenInfo>> {
  const wanted = [...new Set(addresses)].filter((address) => address !== '')
  if (wanted.length === 0) return new Map()
  const rows = await context.db
    .select({ address: apiTokens.address, name: apiTokens.name, symbol: apiTokens.symbol, decimals: apiTokens.decimals })
    .from(apiTokens)
    .where(and(eq(apiTokens.chainId, chainId), inArray(apiTokens.address, wanted)))
  return new Map(rows.map(({ address, ...info }) => [address, info]))
}

/** An amount in smallest units as the wire's quantity: a decimal string in whole units, and the decimals. */
export function quantity(amount: bigint, decimals: number): { numeric: string; decimals: string } {
  return { numeric: formatUnits(amount, decimals), decimals: String(decimals) }
}
