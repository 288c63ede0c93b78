import type { CaipNetworkId } from '../../protocol/caip.ts'

/** The native currency's key in a price table and in `PriceSource.prices`. */
export const NATIVE = 'native'

/**
 * Dollar prices for balances and history. The server asks once per answer for every asset
 * in it; an asset the source does not know is priced 0 (shown as such, never guessed). A
 * market feed implements this with its own cache; `fixedPrices` serves a table (the demo's
 * test tokens).
 */
export interface PriceSource {
  /** Prices of `assets` (token addresses or mints, and NATIVE) on a network, by the asset as given. */
  prices(chainId: CaipNetworkId, assets: readonly string[]): Promise<ReadonlyMap<string, number>>
}

/** Hex addresses match in any case; base58 (Solana) is case-sensitive and kept as is. */
const assetKey = (asset: string) => (/^0x[0-9a-fA-F]{40}$/.test(asset) ? asset.toLowerCase() : asset)

/**
 * A fixed table: `{ 'eip155:31337': { native: 3000, '0xToken…': 1 } }`. Unknown networks and
 * assets are 0. Prices must be finite and not negative.
 */
export function fixedPrices(table: Readonly<Record<string, Readonly<Record<string, number>>>>): PriceSource {
  const byChain = new Map<string, Map<string, number>>()
  for (const [chainId, assets] of Object.entries(table)) {
    const prices = new Map<string, number>()
    for (const [asset, price] of Object.entries(assets)) {
      if (!Number.isFinite(price) || price < 0) throw new Error(`fixedPrices: ${chainId} ${asset}: ${price} is not a price`)
      prices.set(assetKey(asset), price)
    }
    byChain.set(chainId, prices)
  }
  return {
    async prices(chainId, assets) {
      const prices = byChain.get(chainId)
      return new Map(assets.map((asset) => [asset, prices?.get(assetKey(asset)) ?? 0]))
    },
  }
}

/** No prices at all: every asset is 0. */
export const noPrices: PriceSource = { prices: async (_chainId, assets) => new Map(assets.map((asset) => [asset, 0])) }
