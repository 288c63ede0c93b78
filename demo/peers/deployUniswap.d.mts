import type { Abi, Hex } from 'viem'

export interface UniswapArtifact {
  readonly abi: Abi
  readonly bytecode: Hex
}

/** ABI and 0x-prefixed bytecode from @uniswap/v2-core and @uniswap/v2-periphery's build/. */
export declare function uniswapArtifacts(): Record<'WETH9' | 'UniswapV2Factory' | 'UniswapV2Router02' | 'UniswapV2Pair', UniswapArtifact>

/**
 * Deploys WETH9, the factory and Router02 (Hardhat account #18, nonces 0 to 2) and the
 * DEMO/DUSD and ETH/DEMO pools (account #9's liquidity) on a local Hardhat node that has the
 * demo tokens; nothing is sent when the pools are already there.
 */
export declare function deployDemoUniswap(rpcUrl: string): Promise<void>
