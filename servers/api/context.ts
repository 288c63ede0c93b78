import type { Database } from '../db/index.ts'
import type { ChainSource } from './indexer/source.ts'
import type { PriceSource } from './prices.ts'

/** What the routes read: the same on every instance, so any of them answers alike. */
export interface ApiContext {
  readonly db: Database
  /** By CAIP-2 network id: the networks this server indexes and answers for. */
  readonly sources: ReadonlyMap<string, ChainSource>
  readonly prices: PriceSource
  /** Transactions per history page and NFTs per page. */
  readonly pageSize: number
}
