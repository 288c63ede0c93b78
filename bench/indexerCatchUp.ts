// The timed part of bench/indexer.mjs (TypeScript, so bench/indexer.mjs bundles it): the
// Blockchain API's indexer catching up with a chain from block 0 to its head.
import { type DatabaseLocation, openDatabase } from '../servers/db/index.ts'
import { createEvmSource } from '../servers/api/evm/source.ts'
import { startIndexer } from '../servers/api/indexer/indexer.ts'
import { readCursor } from '../servers/api/indexer/store.ts'

export interface CatchUp {
  /** Blocks indexed: 0 to the head. */
  readonly blocks: number
  readonly seconds: number
  readonly blocksPerSecond: number
}

/** Indexes the eip155:31337 node at `rpcUrl` into a new database; times start to head. The database is opened (and migrated) before the clock starts. */
export async function catchUp(rpcUrl: string, location: DatabaseLocation): Promise<CatchUp> {
  const database = await openDatabase(location)
  try {
    const source = createEvmSource({ chainId: 'eip155:31337', rpcUrl, pollingIntervalMs: 50 })
    const head = await source.head()
    const started = performance.now()
    const indexer = startIndexer({ db: database.db, source, log: (line) => line.includes('failed') && console.error(line) })
    try {
      for (;;) {
        const cursor = await readCursor(database.db, source.chainId)
        if (cursor !== undefined && cursor >= head) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await indexer.stop()
    }
    const seconds = (performance.now() - started) / 1000
    const blocks = Number(head) + 1
    return { blocks, seconds: Math.round(seconds * 100) / 100, blocksPerSecond: Math.round(blocks / seconds) }
  } finally {
    await database.close()
  }
}
