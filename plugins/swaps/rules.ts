/** The slippage a quote allows, in percent (SPEC §9). */
export const SWAP_SLIPPAGE_TOLERANCE = 1

/**
 * The least the swap may pay out: the quote less the slippage tolerance (SPEC §9: 1 %),
 * rounded down, as the router's `amountOutMin`.
 *
 * @example
 * minimumReceived(24_319_000n) // 24_075_810n
 */
export function minimumReceived(amountOut: bigint, slippagePercent: number = SWAP_SLIPPAGE_TOLERANCE): bigint {
  const keptBps = BigInt(Math.round((100 - slippagePercent) * 100))
  return (amountOut * keptBps) / 10_000n
}

/**
 * How much worse than the pool's price the swap pays, in basis points: the output at the
 * reserves' mid price less the quoted output, over the former (the pool's fee included, as
 * Uniswap's own interface counts it). 0 when the reserves are empty.
 *
 * @example
 * priceImpactBps({ amountIn: 10n, amountOut: 24n, reserveIn: 400n, reserveOut: 1000n }) // 400 (4 %)
 */
export function priceImpactBps({ amountIn, amountOut, reserveIn, reserveOut }: { amountIn: bigint; amountOut: bigint; reserveIn: bigint; reserveOut: bigint }): number {
  const atMidPrice = reserveOut * amountIn
  if (atMidPrice === 0n || reserveIn === 0n) return 0
  const lost = atMidPrice - amountOut * reserveIn
  return lost <= 0n ? 0 : Number((lost * 10_000n) / atMidPrice)
}
