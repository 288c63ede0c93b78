import * as v from 'valibot'
import type { CaipNetworkId } from '../../../protocol/caip.ts'
import { decodeBase58 } from '../../../protocol/base58.ts'
import { ChainMovedError, type ChainSource, type SourceBlock, type SourceToken } from '../indexer/source.ts'
import { NO_BLOCK_CODES, SolanaRpcError, callOne, createSolanaRpc } from './rpc.ts'
import { BlockSchema, blockTransfers } from './transfers.ts'

export interface SolanaSourceOptions {
  /** `solana:<reference>`, as the app's network names it (`solana:localnet` in the demo). */
  readonly chainId: CaipNetworkId
  readonly rpcUrl: string
  /**
   * The first slot to read. Slots before it are never read; on a real cluster 0 means its
   * whole history, so start near the slot the index should begin at (getSlot). Default 0.
   */
  readonly startBlock?: bigint | number
  /** Slots per read (one getBlocks, then a getBlock per produced block). Default 1000. */
  readonly batchSize?: number
  /** Default 1000 ms. */
  readonly pollingIntervalMs?: number
  /** Default Solana, SOL, 9. */
  readonly nativeCurrency?: ChainSource['nativeCurrency']
}

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const
/** The node's largest getBlocks range. */
const MAX_BLOCKS_RANGE = 500_000n

const Slot = v.pipe(v.number(), v.integer(), v.minValue(0))
const Lamports = v.object({ value: v.pipe(v.number(), v.integer(), v.minValue(0)) })
const BlockHash = v.object({ blockhash: v.string() })
const TokenAccounts = v.object({
  value: v.array(
    v.object({
      account: v.object({
        data: v.object({ parsed: v.object({ info: v.object({ mint: v.string(), tokenAmount: v.object({ amount: v.pipe(v.string(), v.regex(/^\d+$/)) }) }) }) }),
      }),
    }),
  ),
})
const AccountData = v.object({ value: v.nullable(v.object({ data: v.unknown() })) })
/** A mint's parsed data; anything else (an account the node could not parse) gets placeholders. */
const ParsedMint = v.object({
  parsed: v.object({
    type: v.literal('mint'),
    info: v.object({ decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)), extensions: v.optional(v.array(v.unknown())) }),
  }),
})
const TokenMetadata = v.object({ extension: v.literal('tokenMetadata'), state: v.object({ name: v.string(), symbol: v.string() }) })

/**
 * A Solana cluster over its JSON-RPC, block by block like an EVM chain: a "block" is a slot
 * that produced one (getBlocks lists them, so skipped slots cost nothing), its hash the
 * blockhash, its parent the previous block's. Reads each block with jsonParsed
 * transactions (transfers.ts). Balances are read live: getBalance and the owner's token
 * accounts under both token programs. Token names come from the Token-2022 metadata
 * extension; other mints get placeholders (the first characters of the mint).
 *
 * @example
 * createSolanaSource({ chainId: 'solana:localnet', rpcUrl: 'http://127.0.0.1:8899', startBlock: 447_552_000 })
 */
export function createSolanaSource(options: SolanaSourceOptions): ChainSource {
  if (!options.chainId.startsWith('solana:')) throw new Error(`createSolanaSource: "${options.chainId}" is not a solana network id`)
  const rpc = createSolanaRpc(options.rpcUrl)

  const blockHash = async (slot: bigint): Promise<string | undefined> => {
    const [answer] = await rpc([['getBlock', [Number(slot), { encoding: 'json', transactionDetails: 'none', rewards: false, commitment: 'confirmed' }]]], BlockHash)
    if (answer instanceof SolanaRpcError) {
      if (NO_BLOCK_CODES.has(answer.code)) return undefined
      throw answer
    }
    return answer!.blockhash
  }

  async function read(from: bigint, to: bigint) {
    const slots: number[] = []
    for (let start = from; start <= to; start += MAX_BLOCKS_RANGE) {
      const end = start + MAX_BLOCKS_RANGE - 1n < to ? start + MAX_BLOCKS_RANGE - 1n : to
      slots.push(...(await callOne(rpc, ['getBlocks', [Number(start), Number(end), { commitment: 'confirmed' }]], v.array(Slot))))
    }
    const config = { encoding: 'jsonParsed', transactionDetails: 'full', maxSupportedTransactionVersion: 0, rewards: false, commitment: 'confirmed' }
    const answers = await rpc(
      slots.map((slot) => ['getBlock', [slot, config]] as const),
      BlockSchema,
    )
    const blocks: SourceBlock[] = []
    const transfers = answers.flatMap((answer, i) => {
      const slot = BigInt(slots[i]!)
      // Listed by getBlocks a moment ago and gone now: the cluster moved; read again.
      if (answer instanceof SolanaRpcError) {
        if (NO_BLOCK_CODES.has(answer.code)) throw new ChainMovedError(options.chainId, slot)
        throw answer
      }
      blocks.push({
        number: slot,
        hash: answer.blockhash,
        parentHash: answer.previousBlockhash,
        // A node that no longer knows when a block was made (very old ledger) gives null: the time it was read.
        timestamp: answer.blockTime === null ? new Date() : new Date(answer.blockTime * 1000),
      })
      return blockTransfers(slot, answer)
    })
    return { blocks, transfers }
  }

  async function tokens(wanted: readonly { address: string }[]): Promise<SourceToken[]> {
    const answers = await rpc(
      wanted.map(({ address }) => ['getAccountInfo', [address, { encoding: 'jsonParsed', commitment: 'confirmed' }]] as const),
      AccountData,
    )
    return wanted.map(({ address }, i) => {
      const answer = answers[i]!
      if (answer instanceof SolanaRpcError) throw answer
      const mint = v.safeParse(ParsedMint, answer.value?.data)
      const info = mint.success ? mint.output.parsed.info : undefined
      const metadata = info?.extensions?.map((extension) => v.safeParse(TokenMetadata, extension)).find((result) => result.success)?.output
      const placeholder = `${address.slice(0, 4)}…`
      return {
        address,
        standard: 'spl',
        name: metadata?.state.name.trim() || placeholder,
        symbol: metadata?.state.symbol.trim() || placeholder,
        // Placeholders keep an unreadable mint's transfers listable; 0 decimals shows raw units.
        decimals: info?.decimals ?? 0,
      }
    })
  }

  async function balances(address: string, mints: readonly string[]) {
    const [native, held] = await Promise.all([
      callOne(rpc, ['getBalance', [address, { commitment: 'confirmed' }]], Lamports),
      rpc(
        TOKEN_PROGRAMS.map((programId) => ['getTokenAccountsByOwner', [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]] as const),
        TokenAccounts,
      ),
    ])
    const wanted = new Set(mints)
    const amounts = new Map<string, bigint>()
    for (const answer of held) {
      if (answer instanceof SolanaRpcError) throw answer
      // An owner may hold a mint in several accounts: its balance is their sum.
      for (const { account } of answer.value) {
        const { mint, tokenAmount } = account.data.parsed.info
        if (wanted.has(mint)) amounts.set(mint, (amounts.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
      }
    }
    return { native: BigInt(native.value), tokens: amounts }
  }

  return {
    chainId: options.chainId,
    nativeCurrency: options.nativeCurrency ?? SOL,
    startBlock: BigInt(options.startBlock ?? 0),
    batchSize: options.batchSize ?? 1000,
    pollingIntervalMs: options.pollingIntervalMs ?? 1000,
    head: async () => BigInt(await callOne(rpc, ['getSlot', [{ commitment: 'confirmed' }]], Slot)),
    blockHash,
    read,
    tokens,
    balances,
    normalizeAddress: (address) => (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && decodeBase58(address)?.length === 32 ? address : undefined),
  }
}
