/** The network the token lives on, as demo/config.ts names it. */
export declare const SOLANA_DEMO_CHAIN_ID: 'solana:localnet'

/** "Local USD": a Token-2022 mint with its name and symbol on chain, made by `npm start`. */
export declare const LOCAL_USD: {
  readonly mint: string
  readonly name: 'Local USD'
  readonly symbol: 'LUSD'
  readonly decimals: 6
  /** The token program that owns the mint and its accounts (Token-2022). */
  readonly programId: string
  /** The mint and metadata authority (a fixed test key, which also pays). */
  readonly authority: string
  /** Dollars, the demo API's fixed price. */
  readonly price: number
}

export declare const SOLANA_DEMO_NATIVE_PRICE: number
/** For the demo API's fixed prices: { 'solana:localnet': { native, [mint]: price } }. */
export declare const SOLANA_DEMO_PRICES: Readonly<Record<string, Readonly<Record<string, number>>>>
/** The cluster as the demo's Blockchain API indexes it: from its first block. */
export declare function solanaDemoApiChain(rpcUrl: string): Promise<{ readonly chainId: 'solana:localnet'; readonly rpcUrl: string; readonly startBlock: number }>

/** The demo's own Solana wallets funded at start (the dev Solana wallet). */
export declare const SOLANA_DEMO_HOLDERS: readonly string[]
export declare const SOLANA_DEMO_FUNDING: { readonly sol: number; readonly tokens: number }

/** SOL by airdrop and whole LUSD minted to the owner's associated token account (created if missing). */
export declare function fundSolanaDemoAccount(rpcUrl: string, owner: string, amounts?: { readonly sol?: number; readonly tokens?: number }): Promise<void>

/** Creates LUSD (unless present) and funds the holders; `url` describes it for `npm start`'s list. */
export declare function createSolanaDemoToken(
  rpcUrl: string,
  options?: { readonly holders?: readonly string[]; readonly funding?: { readonly sol: number; readonly tokens: number } },
): Promise<{ readonly url: string; readonly mint: string; close(): Promise<void> }>
