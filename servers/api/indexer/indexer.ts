import { safeErrorText } from '../../common/logSafe.ts'
import type { Database } from '../../db/index.ts'
import { type IndexerLock, createIndexerLock } from './lock.ts'
import { ChainMovedError, type ChainSource, type SourceBatch, type TokenStandard } from './source.ts'
import { CursorMovedError, forgetChain, knownTokens, readCursor, rollBack, storedBlocks, writeBatch } from './store.ts'

export interface IndexerOptions {
  readonly db: Database
  readonly source: ChainSource
  /** How often an instance without the lock tries to take it. Default 2000 ms. */
  readonly lockRetryMs?: number
  /** Blocks kept for reorg checks (a deeper reorg is undone only this far). Default 1000. */
  readonly keepBlocks?: number
  readonly log?: (message: string) => void
}

export interface Indexer {
  readonly chainId: string
  /** True while this instance holds the network's lock and indexes it. */
  readonly leading: boolean
  /** Stops after the current step and gives the lock up. */
  stop(): Promise<void>
}

/** How long to wait after a failed step (a node or database that did not answer) before the next. */
const RETRY_AFTER_ERROR_MS = 2000
/** Stored blocks compared per round trip while looking for where a reorg started. */
const REORG_PAGE = 32

/**
 * Indexes one network while holding its lock (lock.ts), from the stored cursor (or the
 * source's start block) to the head, then follows the head by polling. Each step first
 * checks that the newest stored block is still on the chain, then reads a batch, checks it
 * joins the stored chain, and stores it with the cursor in one transaction. A reorg is
 * undone back to the last block the chain and the store agree on, and read again.
 */
export function startIndexer(options: IndexerOptions): Indexer {
  const { db, source } = options
  const log = options.log ?? (() => undefined)
  const keepBlocks = options.keepBlocks ?? 1000
  const lock: IndexerLock = createIndexerLock(db, source.chainId)
  let leading = false
  let stopped = false
  let wake: (() => void) | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const lostLock = () => {
    log(`${source.chainId}: lost the lock`)
    leading = false
  }

  /** Undoes the stored blocks the chain no longer has. */
  async function unwind(cursor: bigint): Promise<void> {
    let below: bigint | undefined
    for (;;) {
      const stored = await storedBlocks(db, source.chainId, REORG_PAGE, below)
      if (stored.length === 0) break
      const onChain = await Promise.all(stored.map((block) => source.blockHash(block.number)))
      const agreed = stored.find((block, i) => onChain[i] === block.hash)
      if (agreed) {
        const removed = await rollBack(db, source.chainId, cursor, agreed.number)
        log(`${source.chainId}: reorg: undid blocks ${agreed.number + 1n}..${cursor} (${removed} transfers), reading them again`)
        return
      }
      below = stored.at(-1)!.number
    }
    // No kept block is on the chain: not a reorg (none runs that deep) but another chain under
    // the same id, such as a development node started afresh. Start over from the start block.
    const removed = await forgetChain(db, source.chainId, cursor)
    log(
      `${source.chainId}: none of the last ${keepBlocks} stored blocks is on the chain (a new chain?): forgot ${removed} transfers, indexing again from block ${source.startBlock}`,
    )
  }

  /** One step; false when there was nothing to read (or nothing settled to read yet). */
  async function step(): Promise<boolean> {
    const cursor = await readCursor(db, source.chainId)
    const [newest] = await storedBlocks(db, source.chainId, 1)
    if (newest && cursor !== undefined && (await source.blockHash(newest.number)) !== newest.hash) {
      await unwind(cursor)
      return true
    }
    const head = await source.head()
    const from = cursor === undefined ? source.startBlock : cursor + 1n
    if (from > head) return false
    const to = head < from + BigInt(source.batchSize) - 1n ? head : from + BigInt(source.batchSize) - 1n
    let batch: SourceBatch
    try {
      batch = await source.read(from, to)
    } catch (error) {
      // Read again after a poll interval, when the node has settled.
      if (error instanceof ChainMovedError) return false
      throw error
    }
    let parent = newest?.hash
    for (const [i, block] of batch.blocks.entries()) {
      if (parent !== undefined && block.parentHash !== parent) {
        // Below the batch: the stored chain is stale (undo it, read on); inside it: it moved while read (read again after a poll interval).
        if (i > 0 || cursor === undefined) return false
        await unwind(cursor)
        return true
      }
      parent = block.hash
    }
    const tokens = await newTokens(batch)
    if (!(await lock.stillHeld())) {
      lostLock()
      return true
    }
    await writeBatch(db, { chainId: source.chainId, expected: cursor, next: to, batch, tokens, keepBlocks })
    return true
  }

  async function newTokens(batch: SourceBatch) {
    const seen = new Map<string, TokenStandard>()
    for (const transfer of batch.transfers) if (transfer.kind !== 'native') seen.set(transfer.token, transfer.kind)
    const known = await knownTokens(db, source.chainId, [...seen.keys()])
    const wanted = [...seen].filter(([address]) => !known.has(address)).map(([address, standard]) => ({ address, standard }))
    return wanted.length === 0 ? [] : source.tokens(wanted)
  }

  const running = (async () => {
    while (!stopped) {
      try {
        // A lock lost meanwhile (its session ended) is said so, then tried for again like any other.
        if (leading && !(await lock.stillHeld())) lostLock()
        if (!(await lock.acquire())) {
          await sleep(options.lockRetryMs ?? 2000)
          continue
        }
        if (!leading) log(`${source.chainId}: this instance indexes (lock taken)`)
        leading = true
        const progressed = await step()
        if (!progressed && !stopped) await sleep(source.pollingIntervalMs)
      } catch (error) {
        if (stopped) break
        if (error instanceof CursorMovedError) {
          // Another instance wrote: this one lost the lock somehow; give it up and start over.
          log(error.message)
          await lock.release()
          leading = false
          continue
        }
        log(`${source.chainId}: indexing failed, retrying: ${safeErrorText(error)}`)
        await sleep(RETRY_AFTER_ERROR_MS)
      }
    }
  })()

  return {
    chainId: source.chainId,
    get leading() {
      return leading
    },
    async stop() {
      stopped = true
      wake?.()
      await running
      await lock.release()
      leading = false
    },
  }
}
