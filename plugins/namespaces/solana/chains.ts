import type { CaipNetwork } from '../../../kernel/index.ts'

/** A Wallet Standard chain id, e.g. `solana:mainnet`. */
export type SolanaStandardChain = `solana:${string}`

/**
 * The three clusters' CAIP-2 references (the first 32 characters of their genesis
 * hash) and the names the Wallet Standard gives them.
 */
const STANDARD_CHAINS: Readonly<Record<string, SolanaStandardChain>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The Wallet Standard chain of a Portico network: a known cluster by its genesis
 * reference, anything else as `solana:<id>` (a local network `localnet` becomes
 * `solana:localnet`, the name wallets use).
 *
 * @example
 * standardChainOf(solana) // 'solana:mainnet'
 */
export function standardChainOf(network: Pick<CaipNetwork, 'id'>): SolanaStandardChain {
  return STANDARD_CHAINS[String(network.id)] ?? `solana:${network.id}`
}
