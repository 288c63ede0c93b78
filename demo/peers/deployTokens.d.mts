import type { Abi, Hex } from 'viem'

export interface DemoTokenArtifact {
  readonly abi: Abi
  readonly bytecode: Hex
}

/** ABI and bytecode of DemoToken, DemoUsdtToken and DemoCollectible (test/peers/contracts/DemoTokens.sol). */
export declare function demoTokenArtifacts(): Record<'DemoToken' | 'DemoUsdtToken' | 'DemoCollectible', DemoTokenArtifact>

/**
 * Deploys demo/peers/tokens.mjs's tokens on a fresh local Hardhat node (nothing is sent when
 * they are already there); each fungible funds Hardhat's accounts #0 to #9.
 */
export declare function deployDemoTokens(rpcUrl: string): Promise<void>
