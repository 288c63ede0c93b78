import type { CaipNetworkId } from '../../protocol/caip.ts'
import { createEvmSource } from './evm/source.ts'
import type { ChainSource } from './indexer/source.ts'
import { createSolanaSource } from './solana/source.ts'

/** One network to index and serve, as the server's options and its environment name it. */
export interface ChainConfig {
  /** CAIP-2: `eip155:31337`. Its namespace picks the source. */
  readonly chainId: CaipNetworkId
  readonly rpcUrl: string
  /** The first block (or slot) to read. Default 0. */
  readonly startBlock?: bigint | number
  /** Blocks per read. Default: the source's. */
  readonly batchSize?: number
  /** How often the head is polled once caught up. Default: the source's (1 s on eip155). */
  readonly pollingIntervalMs?: number
}

/** A chain family's source, by CAIP-2 namespace: add one here to index another family. */
const FACTORIES: Record<string, (config: ChainConfig) => ChainSource> = {
  eip155: (config) => createEvmSource({ ...config, chainId: config.chainId as `eip155:${number}` }),
  solana: (config) => createSolanaSource(config),
}

export function createSource(config: ChainConfig): ChainSource {
  const namespace = config.chainId.split(':')[0] ?? ''
  const factory = FACTORIES[namespace]
  if (!factory) throw new Error(`api server: no source for ${config.chainId} (namespaces: ${Object.keys(FACTORIES).join(', ')})`)
  return factory(config)
}
