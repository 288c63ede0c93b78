import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { type Database, type DatabaseLocation, openDatabase } from '../db/index.ts'
import { createApiApp } from './app.ts'
import type { ApiContext, OnRampSenders } from './context.ts'
import { type Indexer, startIndexer } from './indexer/indexer.ts'
import type { ChainSource } from './indexer/source.ts'
import { type PriceSource, noPrices } from './prices.ts'
import { type ChainConfig, createSource } from './sources.ts'

export interface ApiServerOptions {
  /** 0 (default) picks a free port; the server listens on 127.0.0.1 only. */
  readonly port?: number
  /** A PGlite data folder, PGlite in memory, a Postgres URL, or an opened database shared with other servers (not closed by close()). */
  readonly database: DatabaseLocation | { readonly db: Database }
  /** The networks to index and serve (a source is made per namespace), or ready sources. */
  readonly chains: readonly (ChainConfig | { readonly source: ChainSource })[]
  /** Dollar prices; default: none (every price 0). */
  readonly prices?: PriceSource
  /** Origins of the pages that may call the API from a browser, e.g. ['https://app.example.com']; ['*'] for any. */
  readonly origins: readonly string[]
  /** False: only serve (another instance indexes). Default true: index too, when this instance holds the network's lock. */
  readonly index?: boolean
  /** Transactions per history page, NFTs per page. Default 20. */
  readonly pageSize?: number
  /**
   * The addresses each on-ramp provider delivers purchases from, e.g. `{ coinbase: ['0x…'] }`.
   * A transaction from one of them that only brought the account something is that provider's
   * purchase: history calls it a 'buy', and `?onramp=coinbase` lists those alone. Default none.
   */
  readonly onrampSenders?: OnRampSenders
  /** How often an instance that does not index tries to take over. Default 2000 ms. */
  readonly lockRetryMs?: number
  /** Where indexing news goes (lock taken, reorgs, retries). Default: console.log. */
  readonly log?: (message: string) => void
}

export interface ApiServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string
  /** One per network: whether this instance indexes it now. */
  readonly indexers: readonly Indexer[]
  /** Stops indexing (the locks go to another instance), stops listening, closes the database it opened. */
  close(): Promise<void>
}

function checkOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    if (origin !== '*' && new URL(origin).origin !== origin) throw new Error(`api server: "${origin}" is not an origin (scheme://host[:port], no path)`)
  }
}

/**
 * Starts the Blockchain API on 127.0.0.1: indexes the configured networks into the
 * database (migrated at start) and serves protocol/api's contract from it.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  checkOrigins(options.origins)
  const sources = options.chains.map((chain) => ('source' in chain ? chain.source : createSource(chain)))
  const byId = new Map(sources.map((source) => [source.chainId, source]))
  if (byId.size !== sources.length) throw new Error('api server: a network is listed twice')
  const opened = 'db' in options.database ? undefined : await openDatabase(options.database)
  const db: Database = 'db' in options.database ? options.database.db : opened!.db
  const context: ApiContext = { db, sources: byId, prices: options.prices ?? noPrices, pageSize: options.pageSize ?? 20, onrampSenders: options.onrampSenders ?? {} }
  const log = options.log ?? ((message: string) => console.log(`api server: ${message}`))
  const indexers = options.index === false ? [] : sources.map((source) => startIndexer({ db, source, log, lockRetryMs: options.lockRetryMs }))
  const stopIndexing = () => Promise.all(indexers.map((indexer) => indexer.stop()))
  let server: ServerType | undefined
  try {
    const app = createApiApp(context, options.origins)
    await new Promise<void>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve())
      server.once('error', reject)
    })
  } catch (error) {
    await stopIndexing()
    await opened?.close()
    throw error
  }
  return {
    url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    indexers,
    async close() {
      await stopIndexing()
      await new Promise<void>((resolve) => {
        server!.close(() => resolve())
        if ('closeAllConnections' in server!) server!.closeAllConnections()
      })
      await opened?.close()
    },
  }
}
