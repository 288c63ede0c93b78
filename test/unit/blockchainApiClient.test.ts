import { type Address, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HARDHAT_ACCOUNTS } from '../../demo/peers/accounts.mjs'
import { DEMO_PRICES, DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { createHttpBlockchainApi } from '../../services/blockchainApi/http.ts'
import { refreshTokenBalances } from '../../services/blockchainApi/portfolio.ts'
import { createKernel, createMemoryBackend, type PorticoKit } from '../../kernel/index.ts'
import { createHistory } from '../../plugins/history/history.ts'
import { amountSign, groupByMonth } from '../../plugins/history/transactions.ts'
import { openDatabase } from '../../servers/db/index.ts'
import { type ApiServer, fixedPrices, startApiServer } from '../../servers/api/index.ts'
import { erc20Transfer, hardhatWithTokens, send, untilIndexed } from '../../servers/api/test/chain.ts'
import type { HardhatNode } from '../peers/hardhat.ts'
import { hardhatNetwork } from '../peers/networks.ts'

// The client side of the Blockchain API (services/blockchainApi's HTTP client, the portfolio's token
// balances, the Activity list) against the real servers/api indexing a Hardhat node that
// holds the demo's tokens: what the two sides agree on, beyond each side's own tests.

const CHAIN = 'eip155:31337'
const DUSD = DEMO_TOKENS[1]
const alice = HARDHAT_ACCOUNTS[2]!.address as Address
const fresh = '0x000000000000000000000000000000000000c0fe' as Address

let node: HardhatNode
let server: ApiServer
let closeDb: () => Promise<void>
let kit: PorticoKit

beforeAll(async () => {
  const [hardhat, opened] = await Promise.all([hardhatWithTokens(), openDatabase({ memory: true })])
  node = hardhat
  closeDb = () => opened.close()
  server = await startApiServer({
    database: { db: opened.db },
    chains: [{ chainId: CHAIN, rpcUrl: node.url, pollingIntervalMs: 100 }],
    prices: fixedPrices(DEMO_PRICES),
    origins: ['*'],
    log: () => undefined,
  })
  await untilIndexed(opened.db, node.url)
  kit = createKernel(
    { projectId: 'p', networks: [hardhatNetwork(node.url)], endpoints: { blockchainApi: server.url }, features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      fetch: globalThis.fetch,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kit.chains.updateAccount('eip155', { address: alice, caipAddress: `${CHAIN}:${alice}`, status: 'connected' })
}, 180_000)

afterAll(async () => {
  kit?.destroy()
  await server?.close()
  await closeDb?.()
  await node?.stop()
})

describe('the Blockchain API client against servers/api', () => {
  it("the account's tokenBalance: the API's balances and prices, the zero-decimal token left out", async () => {
    // No wallet is connected, so wallet_getCapabilities fails ({}) and the API answers.
    const balances = await refreshTokenBalances(await kit.container())
    expect(balances.map((balance) => [balance.symbol, balance.quantity.decimals, balance.quantity.numeric, balance.price, balance.value])).toEqual([
      ['ETH', '18', expect.any(String), 3000, expect.any(Number)],
      ['DEMO', '18', '1000', 2.5, 2500],
      ['DUSD', '6', '1000', 1, 1000],
    ])
    expect(kit.chains.activeAccount()?.tokenBalance).toEqual(balances)
  })

  it('a transfer shows in the Activity list within seconds, under this month, signed −', async () => {
    const history = createHistory({ api: createHttpBlockchainApi({ baseUrl: server.url }), chains: kit.chains, snack: kit.snack, bus: kit.bus, pollMs: 500 })
    const hide = history.show()
    try {
      const hash = await send(node.url, { from: alice, to: DUSD.address, data: erc20Transfer(fresh, parseUnits('1.5', 6)) })
      await vi.waitFor(() => expect(history.store.get().transactions.map((transaction) => transaction.metadata.hash)).toContain(hash), { timeout: 10_000, interval: 200 })
      const [thisMonth] = groupByMonth(history.store.get().transactions)
      const now = new Date()
      expect([thisMonth?.year, thisMonth?.month]).toEqual([now.getFullYear(), now.getMonth()])
      const sent = thisMonth!.transactions.find((transaction) => transaction.metadata.hash === hash)!
      const [transfer] = sent.transfers
      expect(transfer?.fungible_info?.symbol).toBe('DUSD')
      expect(transfer?.quantity.numeric).toBe('1.5')
      expect(amountSign(sent.metadata.operationType, transfer!.direction)).toBe('−')
    } finally {
      hide()
      history.dispose()
    }
  })

  it('the receiver sees it signed +', async () => {
    const page = await createHttpBlockchainApi({ baseUrl: server.url }).transactions({ address: fresh, chainId: CHAIN })
    const received = page.data.find((transaction) => transaction.transfers[0]?.fungible_info?.symbol === 'DUSD')
    expect(received).toBeDefined()
    expect(amountSign(received!.metadata.operationType, received!.transfers[0]!.direction)).toBe('+')
  })

  it("a request the API refuses (a malformed address) is 'HTTP status code: 400', not a crash", async () => {
    const api = createHttpBlockchainApi({ baseUrl: server.url })
    await expect(api.balances({ address: 'not-an-address', chainId: CHAIN })).rejects.toMatchObject({ shortMessage: 'HTTP status code: 400' })
  })
})
