import type { Database } from '../db/index.ts'
import type { ChainSource } from './indexer/source.ts'
import type { PriceSource } from './prices.ts'

/** The on-ramp providers a history can name (SPEC §6/§9: Coinbase, Meld). */
export const ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
export type OnRampSenders = Readonly<Partial<Record<(typeof ONRAMP_PROVIDERS)[number], readonly string[]>>>

/** What the routes read: the same on every instance, so any of them answers alike. */
export interface ApiContext {
  readonly db: Database
  /** By CAIP-2 network id: the networks this server indexes and answers for. */
  readonly sources: ReadonlyMap<string, ChainSource>
  readonly prices: PriceSource
  /** Transactions per history page and NFTs per page. */
  readonly pageSize: number
  /** The addresses each on-ramp provider delivers purchases from (ApiServerOptions.onrampSenders). */
  readonly onrampSenders: OnRampSenders
}
