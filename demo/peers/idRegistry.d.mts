import type { Hex } from 'viem'

/** Farcaster's IdRegistry on Optimism; the stand-in is put at the same address. */
export declare const ID_REGISTRY_ADDRESS: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Puts the IdRegistry stand-in at ID_REGISTRY_ADDRESS on the Hardhat node at `rpcUrl`. */
export declare function installIdRegistry(rpcUrl: string): Promise<{ url: string; close(): Promise<void> }>
/** Registers the custody key's address (funded first) and returns its fid; one registered already gets its fid back. */
export declare function registerFid(rpcUrl: string, custodyKey: Hex): Promise<bigint>
