import { sql } from 'drizzle-orm'
import { type Hex, getAddress } from 'viem'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockchainApiPaths, TransactionsResponseSchema } from '../../protocol/api/index.ts'
import { HARDHAT_ACCOUNTS } from '../../demo/peers/accounts.mjs'
import type { HardhatNode } from '../../test/peers/hardhat.ts'
import { type Postgres, startPostgres } from '../../test/peers/postgres.mjs'
import { type OpenedDatabase, openDatabase } from '../db/index.ts'
import { type ApiServer, startApiServer } from './index.ts'
import { get, hardhatWithTokens, send, untilIndexed } from './test/chain.ts'

// Several API instances on one PostgreSQL: all serve, one indexes (it holds the network's
// advisory lock); when it stops, or its session dies, another takes the lock and goes on
// from the stored cursor, with no block skipped and no transfer stored twice.

const CHAIN = 'eip155:31337'
const alice = HARDHAT_ACCOUNTS[0].address

let node: HardhatNode
let postgres: Postgres
let reader: OpenedDatabase
const servers: ApiServer[] = []

beforeAll(async () => {
  ;[node, postgres] = await Promise.all([hardhatWithTokens(), startPostgres()])
  reader = await openDatabase({ url: postgres.url })
}, 120_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await reader?.close()
  await postgres?.stop()
  await node?.stop()
})

/** What each instance logged (lock taken, lock lost). */
const logs = new Map<ApiServer, string[]>()

async function instance(): Promise<ApiServer> {
  const lines: string[] = []
  const server = await startApiServer({
    database: { url: postgres.url },
    chains: [{ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 50 }],
    origins: [],
    lockRetryMs: 100,
    log: (line) => lines.push(line),
  })
  servers.push(server)
  logs.set(server, lines)
  return server
}

const leading = (server: ApiServer) => server.indexers[0]!.leading
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('until: timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Sends a native transfer to `to` every 25 ms until stopped; the hashes sent. */
function keepSending(to: `0x${string}`) {
  const hashes: Hex[] = []
  let running = true
  const done = (async () => {
    let value = 1n
    while (running) {
      hashes.push(await send(node.url, { from: alice, to, value: value++ }))
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })()
  return {
    hashes,
    async stop() {
      running = false
      await done
    },
  }
}

const query = async <T>(statement: ReturnType<typeof sql>) => ((await reader.db.execute(statement)) as unknown as { rows: T[] }).rows

/** How many transfers are stored per hash sent to `receiver`, and whether every block from 0 to the newest is stored. */
async function stored(receiver: string) {
  const rows = await query<{ tx_hash: string; n: number }>(
    sql`select tx_hash, count(*)::int as n from api.transfers where chain_id = ${CHAIN} and to_address = ${receiver} group by tx_hash`,
  )
  const [{ blocks, lowest, highest }] = (await query<{ blocks: number; lowest: number; highest: number }>(
    sql`select count(*)::int as blocks, min(number)::int as lowest, max(number)::int as highest from api.blocks where chain_id = ${CHAIN}`,
  )) as [{ blocks: number; lowest: number; highest: number }]
  return { counts: new Map(rows.map((row) => [row.tx_hash, row.n])), gapless: lowest === 0 && blocks === highest + 1 }
}

async function stop(server: ApiServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1)
  await server.close()
}

async function historyHashes(server: ApiServer, account: string): Promise<string[]> {
  const hashes: string[] = []
  let cursor: string | null = null
  do {
    const { body } = await get(server.url, `${BlockchainApiPaths.transactions(account)}?chainId=${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`)
    const page = v.parse(TransactionsResponseSchema, body)
    hashes.push(...page.data.map((tx) => tx.metadata.hash))
    cursor = page.next
  } while (cursor)
  return hashes
}

describe('two instances on one PostgreSQL', () => {
  it('one indexes, both serve; stopped, the other takes over with no gap and no duplicate', { timeout: 120_000 }, async () => {
    const first = await instance()
    await until(() => leading(first))
    const second = await instance()
    await untilIndexed(reader.db, node.url)
    // The second keeps trying (every 100 ms) and keeps being refused.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect([leading(first), leading(second)]).toEqual([true, false])

    const receiver = getAddress(`0x${'8'.repeat(38)}01`)
    const sender = keepSending(receiver)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await stop(first)
    await until(() => leading(second))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await sender.stop()
    await untilIndexed(reader.db, node.url)

    expect(sender.hashes.length).toBeGreaterThan(20)
    const { counts, gapless } = await stored(receiver)
    expect(sender.hashes.filter((hash) => counts.get(hash) !== 1)).toEqual([])
    expect(counts.size).toBe(sender.hashes.length)
    expect(gapless).toBe(true)
    expect(new Set(await historyHashes(second, receiver))).toEqual(new Set(sender.hashes))
  })

  it('an instance whose lock session dies stops writing; one instance takes the lock and goes on', { timeout: 120_000 }, async () => {
    await instance()
    const [holder] = servers.filter(leading)
    expect(servers.filter(leading)).toHaveLength(1)
    const receiver = getAddress(`0x${'8'.repeat(38)}02`)
    const sender = keepSending(receiver)
    try {
      await new Promise((resolve) => setTimeout(resolve, 500))
      // What a crash or a cut connection does to the lock: Postgres ends the session, and the lock with it.
      const ended = await query(sql`select pg_terminate_backend(pid) as ended from pg_locks where locktype = 'advisory' and classid = ${0x61706921}`)
      expect(ended).toEqual([{ ended: true }])
      // It finds out before its next write (the lock's session no longer answers) and writes nothing more under it.
      await until(() => logs.get(holder!)!.includes(`${CHAIN}: lost the lock`))
      await until(() => servers.filter(leading).length === 1)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    } finally {
      await sender.stop()
    }
    await untilIndexed(reader.db, node.url)
    const { counts, gapless } = await stored(receiver)
    expect(sender.hashes.filter((hash) => counts.get(hash) !== 1)).toEqual([])
    expect(counts.size).toBe(sender.hashes.length)
    expect(gapless).toBe(true)
    expect(servers.filter(leading)).toHaveLength(1)
  })
})
