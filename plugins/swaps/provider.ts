/** An EVM transaction for `eth_sendTransaction`. */
export interface SwapTransaction {
  readonly from: `0x${string}`
  readonly to: `0x${string}`
  readonly data: `0x${string}`
  readonly value?: `0x${string}`
}

/** A token of a swap: no address for the network's native currency. */
export interface SwapToken {
  readonly address?: `0x${string}`
  readonly symbol: string
  readonly decimals: number
}

/** What the visitor asks for: `amountIn` base units of `from` into `to`, on a network. */
export interface SwapRequest {
  readonly network: string
  readonly from: SwapToken
  readonly to: SwapToken
  readonly amountIn: bigint
}

/** A quote, valid for the block it was read at. */
export interface SwapQuote extends SwapRequest {
  readonly amountOut: bigint
  /** `amountOut` less the slippage tolerance: the swap reverts below it. */
  readonly amountOutMin: bigint
  readonly priceImpactBps: number
  /** The block whose state the quote was read from. */
  readonly blockNumber: bigint
}

/** The latest block, as far as a quote's freshness and a deadline need it. */
export interface LatestBlock {
  readonly number: bigint
  readonly timestamp: bigint
}

/** Read access to the chain (through `kit.request`, or a node directly in tests). */
export interface ChainReader {
  call(to: `0x${string}`, data: `0x${string}`, blockNumber?: bigint): Promise<`0x${string}`>
  latestBlock(): Promise<LatestBlock>
}

/**
 * Where quotes and swap transactions come from. The built-in one is a Uniswap V2-compatible
 * router per network (uniswapV2.ts); another venue implements the same four calls.
 */
export interface SwapProvider {
  /** Whether it swaps on a CAIP-2 network. */
  supports(network: string): boolean
  /** A quote at the latest block, or undefined when no pool holds the pair. */
  quote(request: SwapRequest, chain: ChainReader): Promise<SwapQuote | undefined>
  /** The approvals the owner must send first; none when the allowance already covers the amount. */
  approvals(quote: SwapQuote, owner: `0x${string}`, chain: ChainReader): Promise<readonly SwapTransaction[]>
  /** The swap itself, reverting after `deadline` (seconds) or below `quote.amountOutMin`. */
  swap(quote: SwapQuote, owner: `0x${string}`, deadline: bigint): SwapTransaction
}

/**
 * The quote to send: the same one while no block has been mined since it was read, else a
 * new one from the latest state (undefined if the pool went away).
 */
export async function freshQuote(provider: SwapProvider, quote: SwapQuote, chain: ChainReader): Promise<{ quote: SwapQuote | undefined; block: LatestBlock }> {
  const block = await chain.latestBlock()
  if (block.number <= quote.blockNumber) return { quote, block }
  return { quote: await provider.quote(quote, chain), block }
}
