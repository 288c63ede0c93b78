import type { Address, Hex } from 'viem'

/** The deterministic CREATE2 deployer (Arachnid's), which the canonical deployments went through. */
export declare const DETERMINISTIC_DEPLOYER: Address
/** The EntryPoint v0.7 at its canonical address. */
export declare const ENTRY_POINT_V07: Address
/** The embedded wallet's PorticoAccountFactory, through the deterministic deployer with salt 0. */
export declare const PORTICO_ACCOUNT_FACTORY: Address
/** PorticoAccountFactory's creation code, compiled from servers/frame/contracts/PorticoAccount.sol. */
export declare function porticoAccountFactoryBytecode(): Hex
/** The demo paymaster operator's key (publicly known; never for real funds): the paymaster's owner and verifying signer. */
export declare const DEMO_PAYMASTER_SIGNER_KEY: Hex
export declare const DEMO_BUNDLER_EXECUTOR_KEY: Hex
export declare const DEMO_BUNDLER_UTILITY_KEY: Hex
/** The demo's VerifyingPaymaster (the operator's nonce 0 on a fresh node). */
export declare const DEMO_PAYMASTER: Address

export interface AccountAbstractionContracts {
  readonly entryPoint: Address
  readonly accountFactory: Address
  readonly paymaster: Address
}

/** Puts the ERC-4337 contracts on a local Hardhat node (what is there already is kept) and funds the paymaster's deposit. */
export declare function deployAccountAbstraction(rpcUrl: string): Promise<AccountAbstractionContracts>
