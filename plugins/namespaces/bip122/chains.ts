import type { CaipNetwork } from '../../../kernel/index.ts'

/** Wallet Standard bitcoin chains by CAIP-2 reference (the genesis block hash prefix). */
const STANDARD_CHAINS: Readonly<Record<string, `bitcoin:${string}`>> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
}

/** `bitcoin:mainnet` / `bitcoin:testnet` for the predefined networks, `bitcoin:<id>` otherwise (e.g. regtest). */
export function standardChainOf(network: Pick<CaipNetwork, 'id'>): `bitcoin:${string}` {
  return STANDARD_CHAINS[String(network.id)] ?? `bitcoin:${network.id}`
}
