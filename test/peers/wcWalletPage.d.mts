import type { WcWallet } from './wcWallet.mjs'

export interface WcWalletPageState {
  readonly address: string
  /** Session topics. */
  readonly sessions: readonly string[]
  /** Proposals and requests waiting for the person, with a readable summary. */
  readonly pending: readonly { readonly id: number; readonly method: string; readonly params: string }[]
  readonly log: readonly { readonly at: number; readonly text: string }[]
}

export interface WcWalletPage {
  /** `http://127.0.0.1:PORT/wallet`; `/wallet/wc?uri=…` pairs at once (the registry's web app link). */
  readonly url: string
  readonly wallet: WcWallet
  state(): WcWalletPageState
  stop(): Promise<void>
}

export interface StartWcWalletPageOptions {
  readonly port?: number
  readonly relayUrl: string
  readonly privateKey: `0x${string}`
  /** Decimal eip155 chain id -> RPC url. */
  readonly rpcUrls: Readonly<Record<number, string>>
  readonly name?: string
}

/**
 * The demo's dev phone wallet: paste a `wc:` uri, approve or reject the
 * session and each request; signing happens in Node.
 *
 * @example
 * const page = await startWcWalletPage({ port: 8631, relayUrl: relay.url, privateKey, rpcUrls: { 31337: node.url } })
 */
export declare function startWcWalletPage(options: StartWcWalletPageOptions): Promise<WcWalletPage>
