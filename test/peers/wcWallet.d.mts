import { SignClient } from '@walletconnect/sign-client'
import { type Hex } from 'viem'
type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>
export interface WcRequest {
  readonly topic: string
  readonly id: number
  readonly method: string
  readonly params: unknown
  readonly chainId: string
}
export type WcApproveFn = (method: string, params: unknown) => boolean | Promise<boolean>
export interface WcWalletOptions {
  readonly relayUrl: string
  readonly privateKey: Hex
  /** Decimal eip155 chain id -> RPC url: the chains the wallet approves. */
  readonly rpcUrls: Readonly<Record<number, string>>
  /** Decides proposals (method 'session_proposal') and requests; default: approve everything. */
  readonly approve?: WcApproveFn
  readonly name?: string
  /** Keeps two wallets in one process apart. */
  readonly storagePrefix?: string
}
export interface WcWallet {
  readonly address: Hex
  readonly client: SignClientInstance
  /** Every session request received, answered or not. */
  readonly requests: readonly WcRequest[]
  /** Pairs with a `wc:` uri; resolves once the proposal has been approved (or rejects when declined). */
  pair(uri: string): Promise<{
    topic: string
    namespaces: Record<
      string,
      {
        accounts: string[]
      }
    >
  }>
  /** The active sessions' topics. */
  sessions(): string[]
  /** Ends a session from the wallet side (wc_sessionDelete). */
  disconnect(topic?: string): Promise<void>
  /** Emits a session event (accountsChanged, chainChanged) to the dapp. */
  emit(name: string, data: unknown, chainId: string, topic?: string): Promise<void>
  stop(): Promise<void>
}
/**
 * Starts a wallet client on `relayUrl`.
 *
 * @example
 * const wallet = await startWcWallet({ relayUrl: relay.url, privateKey, rpcUrls: { 31337: node.url } })
 * await wallet.pair(kit.connection.get().wcUri!)
 */
export declare function startWcWallet(options: WcWalletOptions): Promise<WcWallet>
/** A personal_sign message as the text it encodes (for assertions). */
export declare function personalSignText(hex: Hex): string
/**
 * A key-value storage in memory that two universal providers can share (the
 * second kit of a test restores the first one's session from it). Values are
 * copied through JSON, as a real storage would.
 */
export declare function createSharedKeyValueStorage(): {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}
