import type { CaipNetworkId } from '../../../protocol/caip.ts'

/**
 * What the indexer needs from one network. The indexer (indexer.ts) owns everything else:
 * the advisory lock, the cursor, writing a batch in one transaction, reorgs and the tables
 * (servers/db/schema/api.ts). A source only reads its chain, so adding a chain family is
 * one module implementing this interface (evm/source.ts for eip155; a Solana one reads
 * slots and signatures the same way) and listing it in the server's options.
 *
 * Conventions every source keeps, since the HTTP side reads all sources' rows alike:
 * - `chainId` is CAIP-2 (`eip155:31337`, `solana:<genesis hash prefix>`).
 * - Addresses are strings in the chain's canonical form (`normalizeAddress`): EIP-55
 *   checksummed on eip155, base58 on solana. The HTTP side normalizes a requested address
 *   with the same function before it queries, so the forms must agree.
 * - A "block" is whatever the chain orders transactions in and can reorg (eip155 blocks,
 *   solana slots that produced a block). Numbers grow; a source may skip numbers that have
 *   no block (empty solana slots) but never returns two blocks with one number.
 * - Only transfers that took effect are returned (no value of a reverted transaction).
 */
export interface ChainSource {
  readonly chainId: CaipNetworkId
  /** The network's own currency, as balances and history show it. */
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  /** The first block to read when nothing is stored for the network yet. */
  readonly startBlock: bigint
  /** Blocks asked for per `read` (the indexer never asks for more). */
  readonly batchSize: number
  /** How long the indexer waits before asking for the head again once it has caught up. */
  readonly pollingIntervalMs: number

  /** The newest block number the chain has now (never cached: the indexer decides how often to ask). */
  head(): Promise<bigint>
  /**
   * The hash the chain has now at `number`, or undefined when it has no block there. The
   * indexer compares it with the stored hash to find how far a reorg reaches.
   */
  blockHash(number: bigint): Promise<string | undefined>
  /**
   * Every block from `from` to `to` (inclusive, `to` <= head) in ascending order, and their
   * transfers. Each block's `parentHash` is the hash of the chain's previous block, so the
   * indexer can check the batch joins what it stored and is itself one chain; when it is
   * not (a reorg while reading), the indexer drops the batch and reads again.
   */
  read(from: bigint, to: bigint): Promise<SourceBatch>
  /**
   * Metadata of tokens the indexer sees for the first time, with the standard their transfers
   * showed: one answer per token, placeholders for a token that does not answer (never a
   * throw for it; a throw means the chain did not answer, and the batch is read again).
   */
  tokens(tokens: readonly { readonly address: string; readonly standard: TokenStandard }[]): Promise<readonly SourceToken[]>
  /** The account's balances now, read from the chain: native, and each of `tokens` (the fungible tokens it ever moved). */
  balances(address: string, tokens: readonly string[]): Promise<SourceBalances>
  /** `address` in its canonical form, or undefined when it is not an address on this chain. */
  normalizeAddress(address: string): string | undefined
  /**
   * Whether `signature` is the account's signature of `message` (a personal_sign). On eip155 an
   * EOA's signature, an ERC-1271 contract wallet's, or an undeployed wallet's (ERC-6492), read
   * from the chain; the name registry needs it (absent: names cannot be registered there).
   */
  verifyMessage?(args: { readonly address: string; readonly message: string; readonly signature: string }): Promise<boolean>
}

export interface SourceBlock {
  readonly number: bigint
  readonly hash: string
  readonly parentHash: string
  readonly timestamp: Date
}

export type TransferKind = 'native' | 'erc20' | 'erc721' | 'spl'
export type TokenStandard = Exclude<TransferKind, 'native'>

export interface SourceTransfer {
  readonly blockNumber: bigint
  /** The transaction's position in its block. */
  readonly txIndex: number
  /**
   * The transfer's position, unique within the transaction: the log's index on eip155 and -1
   * for the transaction's own value; on solana the instruction's index (-1 for SOL moved by
   * the top-level transfer, if the source keeps that convention).
   */
  readonly logIndex: number
  readonly txHash: string
  readonly kind: TransferKind
  /** The token contract or mint; '' for the native currency. */
  readonly token: string
  readonly from: string
  readonly to: string
  /** In the token's smallest unit; 1n for an NFT. */
  readonly amount: bigint
  /** ERC721 only. */
  readonly tokenId?: bigint
  /** The transaction's sender (solana: the fee payer). */
  readonly txFrom: string
  /** What the transaction called or created (solana: the first instruction's program, or the receiver of a plain transfer). */
  readonly txTo: string
  readonly txNonce?: number
}

export interface SourceBatch {
  readonly blocks: readonly SourceBlock[]
  readonly transfers: readonly SourceTransfer[]
}

export interface SourceToken {
  readonly address: string
  readonly standard: TokenStandard
  readonly name: string
  readonly symbol: string
  /** Null for an NFT collection. */
  readonly decimals: number | null
}

export interface SourceBalances {
  readonly native: bigint
  /** By token address, in the token's smallest unit. */
  readonly tokens: ReadonlyMap<string, bigint>
}

/**
 * Thrown by a source whose reads disagree (a log from a block hash other than the block's,
 * the chain moved between two requests): the indexer drops the batch and reads it again.
 */
export class ChainMovedError extends Error {
  constructor(chainId: string, blockNumber: bigint) {
    super(`${chainId}: the chain changed at block ${blockNumber} while it was read`)
    this.name = 'ChainMovedError'
  }
}
