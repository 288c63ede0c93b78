/** A registry entry as the API writes it. */
export interface RegistryEntry {
  id: string
  name: string
  image_url?: string
  image_id?: string
  homepage?: string
  rdns?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}
/** The demo's and tests' wallets: one that the local "dev phone wallet" answers for, the rest for lists. */
export declare const SAMPLE_WALLETS: readonly RegistryEntry[]
export declare const IMAGE_ID_WALLET: RegistryEntry
export interface WalletRegistryServer {
  readonly url: string
  /** Requests received, newest last (path and query). */
  readonly requests: readonly string[]
  stop(): Promise<void>
}
export interface StartWalletRegistryOptions {
  readonly port?: number
  readonly wallets?: readonly RegistryEntry[]
  /** Replaces the answer of getWallets (to test bad answers). */
  readonly answer?: (url: URL) => unknown
}
/**
 * Serves `GET /getWallets?page&entries&search&include&exclude` and
 * `GET /getWalletImage/:id` (an SVG), with CORS open for the demo page.
 */
export declare function startWalletRegistry({ port, wallets, answer }?: StartWalletRegistryOptions): Promise<WalletRegistryServer>
