import type { LiteSVM } from 'litesvm'

export interface SolanaRpc {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string
  /** `ws://127.0.0.1:PORT`: the same port as HTTP. */
  readonly wsUrl: string
  /**
   * `ws://127.0.0.1:PORT+1` (unless `wsPortPlusOne: false`): where solana-test-validator
   * serves PubSub and where web3.js's Connection looks by default for an http URL with a port.
   */
  readonly wsPlusOneUrl?: string
  /** The chain itself, for direct set-up (airdrops, clock) and checks. */
  readonly svm: LiteSVM
  /** Every JSON-RPC method received, in order (HTTP and WebSocket). */
  readonly methods: readonly string[]
  stop(): Promise<void>
}

export interface StartSolanaRpcOptions {
  /** 0 picks a free port. Tests own fixed ports from 8899 up. */
  readonly port?: number
  /**
   * Also serve the WebSocket on PORT+1, as solana-test-validator does (8899/8900), so
   * `new Connection('http://127.0.0.1:PORT')` confirms without a `wsEndpoint`. Default true.
   * With `port: 0` a pair of free neighbouring ports is picked; a fixed busy PORT+1 fails.
   */
  readonly wsPortPlusOne?: boolean
}

/**
 * A local Solana JSON-RPC endpoint over litesvm, in process, on 127.0.0.1:
 * getHealth, getVersion, getSlot, getBlockHeight, getBalance, getLatestBlockhash,
 * getAccountInfo, getMinimumBalanceForRentExemption, getSignatureStatuses,
 * requestAirdrop and sendTransaction (with preflight) over HTTP, plus
 * signatureSubscribe/signatureUnsubscribe over a WebSocket on the same port.
 * Answers carry `Access-Control-Allow-Origin: *` so pages can call it.
 *
 * @example
 * const rpc = await startSolanaRpc({ port: 8899 })
 * const connection = new Connection(rpc.url, { commitment: 'confirmed' }) // PubSub on PORT+1
 * afterAll(() => rpc.stop())
 */
export declare function startSolanaRpc(options?: StartSolanaRpcOptions): Promise<SolanaRpc>
