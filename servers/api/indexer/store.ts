import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { type Database, apiTables } from '../../db/index.ts'
import type { SourceBatch, SourceToken, SourceTransfer } from './source.ts'

const { apiBlocks, apiCursors, apiNftOwners, apiTokens, apiTransfers } = apiTables

/** Another writer moved the cursor since it was read: this batch is not stored (it would be twice). */
export class CursorMovedError extends Error {
  constructor(chainId: string) {
    super(`${chainId}: another indexer moved the cursor; the batch was not stored`)
    this.name = 'CursorMovedError'
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Rows per INSERT: Postgres takes at most 65 535 parameters per statement. */
const CHUNK = 1000

/** The last block number read for the network, or undefined before the first batch. */
export async function readCursor(db: Database, chainId: string): Promise<bigint | undefined> {
  const [row] = await db.select({ blockNumber: apiCursors.blockNumber }).from(apiCursors).where(eq(apiCursors.chainId, chainId))
  return row?.blockNumber
}

/** The newest stored blocks, newest first (at most `limit`, below `below` when given). */
export async function storedBlocks(db: Database, chainId: string, limit: number, below?: bigint): Promise<{ number: bigint; hash: string }[]> {
  return db
    .select({ number: apiBlocks.number, hash: apiBlocks.hash })
    .from(apiBlocks)
    .where(below === undefined ? eq(apiBlocks.chainId, chainId) : and(eq(apiBlocks.chainId, chainId), lt(apiBlocks.number, below)))
    .orderBy(desc(apiBlocks.number))
    .limit(limit)
}

/** Which of `addresses` already have metadata stored. */
export async function knownTokens(db: Database, chainId: string, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const rows = await db
    .select({ address: apiTokens.address })
    .from(apiTokens)
    .where(and(eq(apiTokens.chainId, chainId), inArray(apiTokens.address, [...addresses])))
  return new Set(rows.map((row) => row.address))
}

/**
 * Moves the cursor from `expected` to `next` in `tx`, or throws CursorMovedError when it no
 * longer reads `expected` (another instance wrote meanwhile): the caller's transaction then
 * rolls back, so a range is never stored twice nor skipped.
 */
async function moveCursor(tx: Tx, chainId: string, expected: bigint | undefined, next: bigint): Promise<void> {
  const updatedAt = new Date()
  const moved =
    expected === undefined
      ? await tx.insert(apiCursors).values({ chainId, blockNumber: next, updatedAt }).onConflictDoNothing().returning({ chainId: apiCursors.chainId })
      : await tx
          .update(apiCursors)
          .set({ blockNumber: next, updatedAt })
          .where(and(eq(apiCursors.chainId, chainId), eq(apiCursors.blockNumber, expected)))
          .returning({ chainId: apiCursors.chainId })
  if (moved.length !== 1) throw new CursorMovedError(chainId)
}

const transferRow = (chainId: string, minedAt: Map<bigint, Date>) => (t: SourceTransfer) => ({
  chainId,
  blockNumber: t.blockNumber,
  txIndex: t.txIndex,
  logIndex: t.logIndex,
  txHash: t.txHash,
  minedAt: minedAt.get(t.blockNumber)!,
  kind: t.kind,
  token: t.token,
  fromAddress: t.from,
  toAddress: t.to,
  amount: t.amount.toString(),
  tokenId: t.tokenId?.toString() ?? null,
  txFrom: t.txFrom,
  txTo: t.txTo,
  txNonce: t.txNonce ?? null,
})

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

export interface WriteBatch {
  readonly chainId: string
  /** The cursor the batch was read after (undefined before the first). */
  readonly expected: bigint | undefined
  /** The last block number the batch covers. */
  readonly next: bigint
  readonly batch: SourceBatch
  readonly tokens: readonly SourceToken[]
  /** Stored blocks older than next - keepBlocks are deleted (transfers keep their own time). */
  readonly keepBlocks: number
}

/** Stores one batch and moves the cursor past it, all or nothing. */
export async function writeBatch(db: Database, write: WriteBatch): Promise<void> {
  const { chainId, batch } = write
  const minedAt = new Map(batch.blocks.map((block) => [block.number, block.timestamp]))
  await db.transaction(async (tx) => {
    await moveCursor(tx, chainId, write.expected, write.next)
    await insertChunked(batch.blocks, (chunk) =>
      tx.insert(apiBlocks).values(chunk.map((block) => ({ chainId, number: block.number, hash: block.hash, parentHash: block.parentHash, timestamp: block.timestamp }))),
    )
    await insertChunked(batch.transfers, (chunk) => tx.insert(apiTransfers).values(chunk.map(transferRow(chainId, minedAt))))
    await insertChunked(write.tokens, (chunk) =>
      tx
        .insert(apiTokens)
        .values(chunk.map((token) => ({ chainId, ...token })))
        .onConflictDoNothing(),
    )
    // The batch's last transfer of each NFT says who holds it now (transfers come in chain order).
    const owners = new Map<string, { token: string; tokenId: string; owner: string; blockNumber: bigint }>()
    for (const t of batch.transfers) {
      if (t.kind !== 'erc721' || t.tokenId === undefined) continue
      owners.set(`${t.token}/${t.tokenId}`, { token: t.token, tokenId: t.tokenId.toString(), owner: t.to, blockNumber: t.blockNumber })
    }
    await insertChunked([...owners.values()], (chunk) =>
      tx
        .insert(apiNftOwners)
        .values(chunk.map((row) => ({ chainId, ...row })))
        .onConflictDoUpdate({
          target: [apiNftOwners.chainId, apiNftOwners.token, apiNftOwners.tokenId],
          set: { owner: sql`excluded.owner`, blockNumber: sql`excluded.block_number` },
        }),
    )
    await tx.delete(apiBlocks).where(and(eq(apiBlocks.chainId, chainId), lt(apiBlocks.number, write.next - BigInt(write.keepBlocks))))
  })
}

/**
 * Undoes everything stored above `ancestor` (the last block the chain and the store agree
 * on) after a reorg: transfers, blocks, and the NFT owners those transfers had set, which
 * go back to each token's last remaining transfer. The cursor goes back to `ancestor`.
 */
export async function rollBack(db: Database, chainId: string, expected: bigint, ancestor: bigint): Promise<number> {
  return db.transaction(async (tx) => {
    await moveCursor(tx, chainId, expected, ancestor)
    const removed = await tx
      .delete(apiTransfers)
      .where(and(eq(apiTransfers.chainId, chainId), gt(apiTransfers.blockNumber, ancestor)))
      .returning({ kind: apiTransfers.kind, token: apiTransfers.token, tokenId: apiTransfers.tokenId })
    await tx.delete(apiBlocks).where(and(eq(apiBlocks.chainId, chainId), gt(apiBlocks.number, ancestor)))
    const nfts = new Map(removed.filter((row) => row.kind === 'erc721' && row.tokenId !== null).map((row) => [`${row.token}/${row.tokenId}`, row]))
    for (const { token, tokenId } of nfts.values()) {
      const which = and(eq(apiNftOwners.chainId, chainId), eq(apiNftOwners.token, token), eq(apiNftOwners.tokenId, tokenId!))
      const [last] = await tx
        .select({ owner: apiTransfers.toAddress, blockNumber: apiTransfers.blockNumber })
        .from(apiTransfers)
        .where(and(eq(apiTransfers.chainId, chainId), eq(apiTransfers.kind, 'erc721'), eq(apiTransfers.token, token), eq(apiTransfers.tokenId, tokenId!)))
        .orderBy(desc(apiTransfers.blockNumber), desc(apiTransfers.txIndex), desc(apiTransfers.logIndex))
        .limit(1)
      if (last) await tx.update(apiNftOwners).set(last).where(which)
      else await tx.delete(apiNftOwners).where(which)
    }
    return removed.length
  })
}

/**
 * Forgets everything indexed on a network (transfers, blocks, token metadata, NFT owners)
 * and its cursor: for a chain that shares no block with the store, such as a development
 * node started afresh, where even a token address may now hold another contract.
 */
export async function forgetChain(db: Database, chainId: string, expected: bigint): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(apiCursors)
      .where(and(eq(apiCursors.chainId, chainId), eq(apiCursors.blockNumber, expected)))
      .returning({ chainId: apiCursors.chainId })
    if (gone.length !== 1) throw new CursorMovedError(chainId)
    const removed = await tx.delete(apiTransfers).where(eq(apiTransfers.chainId, chainId)).returning({ chainId: apiTransfers.chainId })
    await tx.delete(apiBlocks).where(eq(apiBlocks.chainId, chainId))
    await tx.delete(apiTokens).where(eq(apiTokens.chainId, chainId))
    await tx.delete(apiNftOwners).where(eq(apiNftOwners.chainId, chainId))
    return removed.length
  })
}
