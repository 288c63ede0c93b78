import type { SwapProvider } from './provider.ts'

type Hex = `0x${string}`

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** A Uniswap V2-compatible deployment on one network. */
export interface UniswapV2Router {
  readonly router: Hex
  /** Read from the router (`factory()`) when not given. */
  readonly factory?: Hex
  /** The wrapped native currency the router's ETH functions go through. */
  readonly weth: Hex
}

/** The Swap view; `kit.open({ view: 'Swap', data: { from, to, amount } })` opens it prefilled. */
export const SWAP_VIEW = 'Swap'

/** The parsed options the body gets. */
export interface ParsedSwapsOptions {
  readonly routers: Readonly<Record<string, UniswapV2Router>>
  readonly provider?: SwapProvider
}
