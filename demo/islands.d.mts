/** Island name -> entry file. The page loads `/assets/islands/<name>.js`. */
export declare const DEMO_ISLANDS: {
  readonly 'dev-wallet': 'demo/devWallet/wallet.ts'
  readonly 'dev-solana-wallet': 'demo/devWallet/solanaWallet.ts'
  readonly signing: 'demo/signing.ts'
}
export type DemoIsland = keyof typeof DEMO_ISLANDS
/** Where islands are built, inside the demo's assets. */
export declare const ISLANDS_DIR: 'islands'
