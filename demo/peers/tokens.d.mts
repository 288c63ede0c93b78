export declare const DEMO_TOKEN_CHAIN_ID: 'eip155:31337'
export declare const DEMO_TOKEN_DEPLOYER: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199'

export interface DemoToken {
  readonly address: `0x${string}`
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** Dollars, as the demo API's price source gives it. */
  readonly price: number
  /** Whole tokens each of Hardhat's accounts #0 to #9 got at deployment. */
  readonly fundedEach: number
  /** `transfer` returns nothing (SPEC §9's USDT list). */
  readonly usdtShaped: boolean
}

/** DEMO (18 decimals), DUSD (6, USDT-shaped), DPTS (0 decimals), in that order. */
export declare const DEMO_TOKENS: readonly [DemoToken, DemoToken, DemoToken]

export declare const DEMO_COLLECTIBLE: {
  readonly address: `0x${string}`
  readonly name: string
  readonly symbol: string
  /** Owner of token id i + 1. */
  readonly owners: readonly `0x${string}`[]
}

export declare const DEMO_NATIVE_PRICE: number
export declare const DEMO_PRICES: Readonly<Record<string, Readonly<Record<string, number>>>>
