import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { HARDHAT_ACCOUNTS } from '../../../demo/peers/accounts.mjs'
import { DEMO_TOKENS } from '../../../demo/peers/tokens.mjs'
import { type HardhatNode, startHardhat } from '../../../test/peers/hardhat.ts'
import { type OpenedDatabase, apiTables, openDatabase } from '../../db/index.ts'
import { createEvmSource } from '../evm/source.ts'
import { hardhatWithTokens, send, untilIndexed } from '../test/chain.ts'
import { type Indexer, startIndexer } from './indexer.ts'

// A development node started afresh on the same URL (what every `npm start` does to the demo's
// Hardhat) shares no block with what was indexed: the indexer forgets that chain, token
// metadata included, and indexes the new one from its start block.

const CHAIN = 'eip155:31337'
const alice = HARDHAT_ACCOUNTS[0].address
const { apiTransfers, apiTokens } = apiTables
let node: HardhatNode | undefined
let database: OpenedDatabase | undefined
let indexer: Indexer | undefined
afterAll(async () => {
  await indexer?.stop()
  await database?.close()
  await node?.stop()
})

it('forgets a chain none of whose kept blocks is on the node any more, and indexes the new one', { timeout: 120_000 }, async () => {
  node = await hardhatWithTokens()
  const port = Number(new URL(node.url).port)
  database = await openDatabase({ memory: true })
  const lines: string[] = []
  indexer = startIndexer({ db: database.db, source: createEvmSource({ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 50 }), keepBlocks: 3, log: (line) => lines.push(line) })
  const old = await send(node.url, { from: alice, to: HARDHAT_ACCOUNTS[2]!.address, value: 1n })
  await untilIndexed(database.db, node.url)
  expect(await database.db.select().from(apiTokens)).toHaveLength(DEMO_TOKENS.length + 1)

  await node.stop()
  node = await startHardhat({ port })
  const fresh = await send(node.url, { from: alice, to: HARDHAT_ACCOUNTS[2]!.address, value: 2n })
  await untilIndexed(database.db, node.url)

  const hashes = (await database.db.select({ hash: apiTransfers.txHash }).from(apiTransfers).where(eq(apiTransfers.chainId, CHAIN))).map((row) => row.hash)
  expect(hashes).toEqual([fresh])
  expect(hashes).not.toContain(old)
  // The new node has no tokens: the old chain's metadata went with it.
  expect(await database.db.select().from(apiTokens)).toEqual([])
  expect(lines.some((line) => line.includes('none of the last 3 stored blocks is on the chain (a new chain?)'))).toBe(true)
})
