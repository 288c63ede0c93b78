export declare const DEMO_UNISWAP_DEPLOYER: `0x${string}`
export declare const DEMO_LIQUIDITY_PROVIDER: `0x${string}`

/** WETH9, UniswapV2Factory and UniswapV2Router02 on the demo's Hardhat chain. */
export declare const DEMO_UNISWAP: {
  readonly chainId: 'eip155:31337'
  readonly weth: `0x${string}`
  readonly factory: `0x${string}`
  readonly router: `0x${string}`
}

export interface DemoPool {
  /** The pair contract. */
  readonly pair: `0x${string}`
  /** Symbols: the demo tokens', or ETH for WETH. */
  readonly tokens: readonly [string, string]
  /** The liquidity added at deployment, whole units, in the order of `tokens`. */
  readonly amounts: readonly [number, number]
}

/** DEMO/DUSD and ETH/DEMO. */
export declare const DEMO_POOLS: readonly [DemoPool, DemoPool]
