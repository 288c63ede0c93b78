import type { CaipNetworkId } from '../caip.ts'
import type { IdentityResponse, NameRecord, NameRegistration, NameSuggestionsResponse, NftsResponse, TokenBalance, TransactionsResponse } from './schemas.ts'

/**
 * What the account features read about the chain (SPEC §7 "Blockchain API"). Two
 * implementations: an HTTP client for `endpoints.blockchainApi` (servers/api, or any
 * server speaking its format), and a direct one over the chain's own RPC for apps
 * without an API (balances only: it has no history, NFTs, names or identity and says so
 * with `capabilities`). Every answer has passed its schema; a bad one rejects.
 */
export interface BlockchainApi {
  /** What this implementation can answer, so views hide what it cannot. */
  readonly capabilities: { readonly history: boolean; readonly nfts: boolean; readonly names: boolean; readonly identity: boolean }
  /** Native and token balances with dollar prices, for one account on one network. */
  balances(args: { readonly address: string; readonly chainId: CaipNetworkId; readonly signal?: AbortSignal }): Promise<readonly TokenBalance[]>
  /** One page of the account's transactions on a network, newest first. */
  transactions(args: {
    readonly address: string
    readonly chainId: CaipNetworkId
    readonly cursor?: string
    /** Only this on-ramp provider's purchases (SPEC §7: Coinbase's, never from a cache). */
    readonly onramp?: 'coinbase' | 'meld'
    readonly signal?: AbortSignal
  }): Promise<TransactionsResponse>
  /** One page of the NFTs the account holds on a network. */
  nfts(args: { readonly address: string; readonly chainId: CaipNetworkId; readonly cursor?: string; readonly signal?: AbortSignal }): Promise<NftsResponse>
  /** Name and avatar of an address (null fields when it has none). */
  identity(args: { readonly address: string; readonly chainId: CaipNetworkId; readonly signal?: AbortSignal }): Promise<IdentityResponse>
  /** A name's record, or undefined when the name is not registered. */
  lookupName(name: string, signal?: AbortSignal): Promise<NameRecord | undefined>
  /** The names pointing at an address, primary first. */
  reverseLookup(address: string, signal?: AbortSignal): Promise<readonly NameRecord[]>
  suggestNames(name: string, signal?: AbortSignal): Promise<NameSuggestionsResponse['suggestions']>
  /** Registers the name signed in `registration.message` for the signing account; resolves with its record. */
  registerName(registration: NameRegistration, signal?: AbortSignal): Promise<NameRecord>
}

/** The HTTP paths of the contract, relative to `endpoints.blockchainApi`. */
export const BlockchainApiPaths = {
  balances: (address: string) => `v1/balance/${encodeURIComponent(address)}`,
  transactions: (address: string) => `v1/account/${encodeURIComponent(address)}/history`,
  nfts: (address: string) => `v1/account/${encodeURIComponent(address)}/nfts`,
  identity: (address: string) => `v1/identity/${encodeURIComponent(address)}`,
  lookupName: (name: string) => `v1/profile/account/${encodeURIComponent(name)}`,
  reverseLookup: (address: string) => `v1/profile/reverse/${encodeURIComponent(address)}`,
  suggestNames: (name: string) => `v1/profile/suggestions/${encodeURIComponent(name)}`,
  registerName: () => 'v1/profile/account',
} as const
