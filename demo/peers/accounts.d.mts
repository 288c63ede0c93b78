/** Hardhat's default accounts #0 to #9 (publicly known keys; 10000 ETH each on a fresh node). */
export declare const HARDHAT_ACCOUNTS: readonly [
  { readonly address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; readonly privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { readonly address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'; readonly privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  ...HardhatAccount[],
]
export declare const HARDHAT_ACCOUNT_0: (typeof HARDHAT_ACCOUNTS)[0]
export declare const HARDHAT_ACCOUNT_1: (typeof HARDHAT_ACCOUNTS)[1]
export interface HardhatAccount {
  readonly address: `0x${string}`
  readonly privateKey: `0x${string}`
}
