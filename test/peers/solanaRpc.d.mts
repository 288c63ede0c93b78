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
  /**
   * The chain itself, for direct set-up and checks. What is done on it directly (svm.airdrop,
   * svm.sendTransaction) is not in the history answers, and takes no new slot or blockhash.
   */
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
 * A local Solana JSON-RPC endpoint over litesvm, in process, on 127.0.0.1, answering in
 * the node's shapes (so @solana/web3.js's response schemas accept them):
 * - chain: getHealth, getVersion, getSlot, getBlockHeight, getLatestBlockhash,
 *   getMinimumBalanceForRentExemption, getFeeForMessage (5000 lamports a signature);
 * - accounts: getBalance, getAccountInfo (base64, or jsonParsed for SPL mints and token accounts);
 * - SPL tokens: getTokenAccountsByOwner ({ mint } or { programId }; base64 or jsonParsed),
 *   getTokenAccountBalance, getTokenSupply (Token and Token-2022 base layouts);
 * - sending: sendTransaction (with preflight: a failing one is refused with -32002 and the
 *   node's text), getSignatureStatuses, requestAirdrop (a System transfer from a faucet
 *   account, which history shows);
 * - history: getSignaturesForAddress (newest first; before, until, limit up to 1000) and
 *   getTransaction (json, jsonParsed, base64, base58; pre/post balances and token balances,
 *   logs, inner instructions; a v0 transaction needs maxSupportedTransactionVersion).
 *   jsonParsed parses System transfer/createAccount, SPL transfer, transferChecked, mintTo,
 *   burn (and checked forms) and associated-account create/createIdempotent; Token-2022
 *   parsed info lists its extensions (metadata pointer and token metadata read);
 * - blocks: getBlocks, getBlock (its transaction full, signatures or none; -32009 for a
 *   skipped slot, -32004 past the head), getFirstAvailableBlock, getGenesisHash.
 * Plus signatureSubscribe/signatureUnsubscribe over a WebSocket on the same port.
 * Each landed transaction is a block of its own in a new slot, after the one getSlot
 * answered before, and brings a new blockhash (so the same transfer built twice lands
 * twice); a blockhash is good for 150 blocks after its own, then BlockhashNotFound. Blocks
 * chain by previousBlockhash. Blockhashes (and the genesis hash) are random: each shim is a
 * cluster of its own, as a fresh solana-test-validator is. A transaction that failed while running lands (fee paid)
 * as on a cluster. Answers carry `Access-Control-Allow-Origin: *` so pages can call it.
 *
 * @example
 * const rpc = await startSolanaRpc({ port: 8899 })
 * const connection = new Connection(rpc.url, { commitment: 'confirmed' }) // PubSub on PORT+1
 * afterAll(() => rpc.stop())
 */
export declare function startSolanaRpc(options?: StartSolanaRpcOptions): Promise<SolanaRpc>
