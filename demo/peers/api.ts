// The demo's Blockchain API (servers/api): indexes both local Hardhat chains (and, when told
// where, the local Solana cluster) and prices ETH, SOL and the test tokens
// (demo/peers/tokens.mjs, demo/peers/solanaTokens.mjs) from a fixed table. `npm start` bundles this file
// (Node 20 does not run TypeScript); browser tests import it directly.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type ApiServer, fixedPrices, startApiServer } from '../../servers/api/index.ts'
import type { Database } from '../../servers/db/index.ts'
import { DEMO_ONRAMP_SENDERS } from './onrampStandIn.mjs'
import { SOLANA_DEMO_PRICES, solanaDemoApiChain } from './solanaTokens.mjs'
import { DEMO_PRICES } from './tokens.mjs'

/** The port of `npm start`; demo/config.ts points `endpoints.blockchainApi` at it. */
export const DEMO_API_PORT = 8702

export interface DemoApiOptions {
  /** Origins of the demo page (CORS). */
  readonly hostOrigins: readonly string[]
  /** PGlite in `<dataDir>/api`; omitted: PGlite in memory. */
  readonly dataDir?: string
  /** A Postgres server instead of PGlite. */
  readonly databaseUrl?: string
  /** An opened database the caller keeps (and closes), e.g. a test that writes rows the API serves. */
  readonly db?: Database
  /** Default 8702; 0 picks a free one. */
  readonly port?: number
  /** RPC URLs of the chains to index. Default: the demo's Hardhat nodes on 8545 and 8546. */
  readonly rpcUrls?: Readonly<Record<'eip155:31337' | 'eip155:31338', string>>
  /** The local Solana cluster (solana:localnet) to index too, from its first block; omitted: none. */
  readonly solanaRpcUrl?: string
}

export async function startDemoApi(options: DemoApiOptions): Promise<ApiServer> {
  const rpcUrls = options.rpcUrls ?? { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546' }
  if (options.dataDir && !options.databaseUrl) mkdirSync(join(options.dataDir, 'api'), { recursive: true })
  return startApiServer({
    port: options.port ?? DEMO_API_PORT,
    database: options.db ? { db: options.db } : options.databaseUrl ? { url: options.databaseUrl } : options.dataDir ? { dataDir: join(options.dataDir, 'api') } : { memory: true },
    // Local nodes mine a block per transaction: a short poll shows a send within a second.
    chains: [
      ...Object.entries(rpcUrls).map(([chainId, rpcUrl]) => ({ chainId: chainId as `eip155:${number}`, rpcUrl, pollingIntervalMs: 250 })),
      ...(options.solanaRpcUrl ? [{ ...(await solanaDemoApiChain(options.solanaRpcUrl)), pollingIntervalMs: 250 }] : []),
    ],
    prices: fixedPrices({ ...DEMO_PRICES, ...SOLANA_DEMO_PRICES }),
    origins: options.hostOrigins,
    // The on-ramp stand-ins' deliveries (demo/peers/onrampStandIn.mjs) are purchases in history.
    onrampSenders: DEMO_ONRAMP_SENDERS,
    log: () => undefined,
  })
}
