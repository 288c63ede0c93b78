import { inArray } from 'drizzle-orm'
import { type Address, type Hex, getAddress, numberToHex, parseUnits } from 'viem'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockchainApiPaths, NftsResponseSchema, TransactionsResponseSchema } from '../../../protocol/api/index.ts'
import { HARDHAT_ACCOUNTS } from '../../../demo/peers/accounts.mjs'
import { DEMO_COLLECTIBLE, DEMO_TOKENS } from '../../../demo/peers/tokens.mjs'
import { type HardhatNode, rpc } from '../../../test/peers/hardhat.ts'
import { type OpenedDatabase, apiTables, openDatabase } from '../../db/index.ts'
import { type ApiServer, startApiServer } from '../index.ts'
import { erc20Transfer, get, hardhatWithTokens, nftTransfer, rpcBatch, send, untilIndexed } from '../test/chain.ts'

// The indexer on a real Hardhat node and PGlite: reorgs made with evm_snapshot / evm_revert
// leave nothing stale, and 1,000 transactions paged with the history cursor come back each
// exactly once, newest first.

const CHAIN = 'eip155:31337'
const [DEMO, DUSD] = DEMO_TOKENS
const alice = HARDHAT_ACCOUNTS[0].address
const { apiTransfers } = apiTables

let node: HardhatNode
let database: OpenedDatabase
let server: ApiServer
const history = async (account: Address, cursor?: string) => {
  const query = `chainId=${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`
  const { status, body } = await get(server.url, `${BlockchainApiPaths.transactions(account)}?${query}`)
  expect(status).toBe(200)
  return v.parse(TransactionsResponseSchema, body)
}
const nftsOf = async (account: Address) =>
  v.parse(NftsResponseSchema, (await get(server.url, `${BlockchainApiPaths.nfts(account)}?chainId=${CHAIN}`)).body).data.map((nft) => nft.tokenId)
const storedHashes = async (hashes: readonly string[]) =>
  (
    await database.db
      .select({ hash: apiTransfers.txHash })
      .from(apiTransfers)
      .where(inArray(apiTransfers.txHash, [...hashes]))
  ).map((row) => row.hash)
const fresh = (n: number) => getAddress(`0x${'7'.repeat(36)}${n.toString(16).padStart(4, '0')}`)

beforeAll(async () => {
  ;[node, database] = await Promise.all([hardhatWithTokens(), openDatabase({ memory: true })])
  server = await startApiServer({
    database: { db: database.db },
    chains: [{ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 50 }],
    origins: [],
    log: () => undefined,
  })
  await untilIndexed(database.db, node.url)
}, 120_000)
afterAll(async () => {
  await server?.close()
  await database?.close()
  await node?.stop()
})

describe('reorgs', () => {
  it('undoes the transfers of blocks the chain dropped (two blocks replaced by one), NFT owners included', async () => {
    const carol = fresh(1)
    const dave = fresh(2)
    const snapshot = await rpc<string>(node.url, 'evm_snapshot')
    const stale = [
      await send(node.url, { from: alice, to: DEMO.address, data: erc20Transfer(carol, parseUnits('7', 18)) }),
      await send(node.url, { from: alice, to: DEMO_COLLECTIBLE.address, data: nftTransfer(alice, carol, 1n) }),
    ]
    await untilIndexed(database.db, node.url)
    expect((await history(carol)).data.map((tx) => tx.metadata.hash)).toEqual([...stale].reverse())
    expect(await nftsOf(carol)).toEqual(['1'])

    expect(await rpc(node.url, 'evm_revert', [snapshot])).toBe(true)
    const kept = await send(node.url, { from: alice, to: DUSD.address, data: erc20Transfer(dave, parseUnits('3', 6)) })
    await untilIndexed(database.db, node.url)

    expect((await history(carol)).data).toEqual([])
    expect(await nftsOf(carol)).toEqual([])
    expect(await nftsOf(alice)).toContain('1')
    expect(await storedHashes(stale)).toEqual([])
    expect((await history(dave)).data.map((tx) => tx.metadata.hash)).toEqual([kept])
  })

  it('undoes a block replaced by a longer chain, and reads the new blocks', async () => {
    const erin = fresh(3)
    const snapshot = await rpc<string>(node.url, 'evm_snapshot')
    const stale = await send(node.url, { from: alice, to: erin, value: 5n })
    await untilIndexed(database.db, node.url)
    expect((await history(erin)).data.map((tx) => tx.metadata.hash)).toEqual([stale])

    await rpc(node.url, 'evm_revert', [snapshot])
    await rpc(node.url, 'evm_mine')
    const kept = await send(node.url, { from: alice, to: erin, value: 6n })
    await rpc(node.url, 'evm_mine')
    await untilIndexed(database.db, node.url)

    expect(await storedHashes([stale])).toEqual([])
    const [only] = (await history(erin)).data
    expect(only).toMatchObject({ metadata: { hash: kept }, transfers: [{ direction: 'in', quantity: { numeric: '0.000000000000000006' } }] })
    expect((await history(erin)).data).toHaveLength(1)
  })
})

describe('paging', () => {
  it('pages 1,000 transactions to one account with the cursor: each exactly once, newest first, stable while new ones arrive', { timeout: 180_000 }, async () => {
    const receiver = fresh(9)
    const senders = HARDHAT_ACCOUNTS.slice(2, 6).map((account) => account.address)
    // Mined a few blocks at a time, many transactions per block: both boundaries are paged over.
    await rpc(node.url, 'evm_setAutomine', [false])
    const calls: [string, unknown[]][] = Array.from({ length: 1000 }, (_, i) => {
      const from = senders[i % senders.length]!
      return i % 2 === 0
        ? ['eth_sendTransaction', [{ from, to: receiver, value: numberToHex(i + 1), gas: numberToHex(21_000) }]]
        : ['eth_sendTransaction', [{ from, to: DEMO.address, data: erc20Transfer(receiver, BigInt(i + 1)), gas: numberToHex(80_000) }]]
    })
    const sent: Hex[] = []
    for (let i = 0; i < calls.length; i += 250) {
      sent.push(...(await rpcBatch<Hex>(node.url, calls.slice(i, i + 250))))
      await rpc(node.url, 'evm_mine')
    }
    while (Number(await rpc<string>(node.url, 'eth_getBlockTransactionCountByNumber', ['pending'])) > 0) await rpc(node.url, 'evm_mine')
    await rpc(node.url, 'evm_setAutomine', [true])
    await untilIndexed(database.db, node.url, CHAIN, 120_000)

    const receipts = await rpcBatch<{ transactionHash: Hex; blockNumber: Hex; transactionIndex: Hex; status: Hex }>(
      node.url,
      sent.map((hash) => ['eth_getTransactionReceipt', [hash]]),
    )
    expect(receipts.every((receipt) => receipt.status === '0x1')).toBe(true)
    expect(new Set(receipts.map((receipt) => receipt.blockNumber)).size).toBeGreaterThan(3)
    const newestFirst = receipts
      .map((receipt) => ({ hash: receipt.transactionHash, key: BigInt(receipt.blockNumber) * 100_000n + BigInt(receipt.transactionIndex) }))
      .sort((a, b) => (a.key > b.key ? -1 : 1))
      .map((receipt) => receipt.hash)

    const seen: string[] = []
    let pages = 0
    let cursor: string | undefined
    let late: Hex | undefined
    do {
      const page = await history(receiver, cursor)
      pages++
      expect(page.data.length).toBeLessThanOrEqual(20)
      seen.push(...page.data.map((tx) => tx.metadata.hash))
      expect(page.data.every((tx) => tx.transfers.length === 1 && tx.transfers[0]!.direction === 'in')).toBe(true)
      cursor = page.next ?? undefined
      if (pages === 1) {
        // A new transaction after the first page: it is newer than the cursor, so it never shows up in the later pages.
        late = await send(node.url, { from: alice, to: receiver, value: 1n })
        await untilIndexed(database.db, node.url)
      }
    } while (cursor)
    expect(pages).toBe(50)
    expect(seen).toEqual(newestFirst)
    expect(seen).not.toContain(late)
    expect((await history(receiver)).data[0]!.metadata.hash).toBe(late)
  })
})

describe('instances on one database in one process', () => {
  it('index a network once: a second server on the same database only serves', async () => {
    const second = await startApiServer({
      database: { db: database.db },
      chains: [{ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 50 }],
      origins: [],
      lockRetryMs: 50,
      log: () => undefined,
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(server.indexers.map((indexer) => indexer.leading)).toEqual([true])
      expect(second.indexers.map((indexer) => indexer.leading)).toEqual([false])
      const { body } = await get(second.url, `${BlockchainApiPaths.transactions(alice)}?chainId=${CHAIN}`)
      expect(v.parse(TransactionsResponseSchema, body).data.length).toBeGreaterThan(0)
    } finally {
      await second.close()
    }
  })
})
