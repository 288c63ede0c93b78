import {
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  burn,
  getAssociatedTokenAddressSync,
  transfer,
  transferChecked,
} from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_USD, SOLANA_DEMO_PRICES, createSolanaDemoToken } from '../../../demo/peers/solanaTokens.mjs'
import { ApiErrorSchema, BalancesResponseSchema, type Transaction as ApiTransaction, TransactionsResponseSchema } from '../../../protocol/api/index.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { type Database, openDatabase } from '../../db/index.ts'
import { readCursor } from '../indexer/store.ts'
import { type ApiServer, fixedPrices, startApiServer } from '../index.ts'
import { get } from '../test/chain.ts'
import { ZERO_KEY } from './transfers.ts'

// The Blockchain API indexing the local Solana cluster (the litesvm shim) block by block,
// on PGlite: SOL and LUSD (the demo's Token-2022 token) moved by real transactions, read
// back through the API's paths with protocol/api's schemas, as the client reads them.
const CHAIN = 'solana:localnet'
let rpc: SolanaRpc
let chain: Connection
let opened: { db: Database; close(): Promise<void> }
let server: ApiServer
const alice = Keypair.generate()
const bob = Keypair.generate().publicKey.toBase58()
const mint = new PublicKey(LOCAL_USD.mint)
let solToBob: string
let lusdToBob: string

/** Resolves once the index has read up to the cluster's slot now. */
async function untilIndexed() {
  const slot = BigInt(await chain.getSlot())
  const deadline = Date.now() + 30_000
  while (((await readCursor(opened.db, CHAIN)) ?? -1n) < slot) {
    if (Date.now() > deadline) throw new Error(`not indexed to ${slot}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const api = (path: string) => get(server.url, path)
const history = async (address: string, cursor?: string) => {
  const { status, body } = await api(`v1/account/${address}/history?chainId=${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`)
  expect(status).toBe(200)
  return v.parse(TransactionsResponseSchema, body)
}
const allHistory = async (address: string) => {
  const all: ApiTransaction[] = []
  let cursor: string | undefined
  do {
    const page = await history(address, cursor)
    all.push(...page.data)
    cursor = page.next ?? undefined
  } while (cursor)
  return all
}

beforeAll(async () => {
  ;[rpc, opened] = await Promise.all([startSolanaRpc(), openDatabase({ memory: true })])
  chain = new Connection(rpc.url, 'confirmed')
  const startBlock = await chain.getSlot()
  await createSolanaDemoToken(rpc.url, { holders: [alice.publicKey.toBase58()], funding: { sol: 5, tokens: 100 } })
  solToBob = await sendAndConfirmTransaction(
    chain,
    new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: new PublicKey(bob), lamports: 0.25 * LAMPORTS_PER_SOL })),
    [alice],
  )
  const from = getAssociatedTokenAddressSync(mint, alice.publicKey, false, TOKEN_2022_PROGRAM_ID)
  const to = getAssociatedTokenAddressSync(mint, new PublicKey(bob), false, TOKEN_2022_PROGRAM_ID)
  // Bob's token account is created in the same transaction (its rent moves inside: not a transfer).
  lusdToBob = await sendAndConfirmTransaction(
    chain,
    new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(alice.publicKey, to, new PublicKey(bob), mint, TOKEN_2022_PROGRAM_ID),
      createTransferCheckedInstruction(from, mint, to, alice.publicKey, 1_500_000n, 6, [], TOKEN_2022_PROGRAM_ID),
    ),
    [alice],
  )
  // A transfer that fails on chain (more than Alice holds) lands with its fee paid but moves nothing.
  const failing = new Transaction({ feePayer: alice.publicKey, recentBlockhash: (await chain.getLatestBlockhash()).blockhash }).add(
    createTransferCheckedInstruction(from, mint, to, alice.publicKey, 10n ** 12n, 6, [], TOKEN_2022_PROGRAM_ID),
  )
  failing.sign(alice)
  await chain.sendRawTransaction(failing.serialize(), { skipPreflight: true })
  server = await startApiServer({
    database: { db: opened.db },
    chains: [{ chainId: CHAIN, rpcUrl: rpc.url, startBlock, pollingIntervalMs: 100 }],
    prices: fixedPrices(SOLANA_DEMO_PRICES),
    origins: ['http://127.0.0.1:5173'],
    pageSize: 2,
    log: () => undefined,
  })
  await untilIndexed()
}, 120_000)
afterAll(async () => {
  await server?.close()
  await opened?.close()
  await rpc?.stop()
})

describe('Blockchain API on a Solana cluster', () => {
  it('balances: SOL at $150 first, then LUSD (name and symbol from its on-chain metadata) at $1, read from the chain now', async () => {
    const { status, body } = await api(`v1/balance/${alice.publicKey.toBase58()}?chainId=${CHAIN}`)
    expect(status).toBe(200)
    const { balances } = v.parse(BalancesResponseSchema, body)
    const lamports = BigInt(await chain.getBalance(alice.publicKey))
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: CHAIN,
        quantity: { decimals: '9', numeric: `${lamports / 10n ** 9n}.${(lamports % 10n ** 9n).toString().padStart(9, '0').replace(/0+$/, '')}` },
        price: 150,
        value: expect.closeTo((Number(lamports) / 1e9) * 150, 6),
        iconUrl: '',
      },
      { name: 'Local USD', symbol: 'LUSD', chainId: CHAIN, address: LOCAL_USD.mint, quantity: { decimals: '6', numeric: '98.5' }, price: 1, value: 98.5, iconUrl: '' },
    ])
    const bobs = v.parse(BalancesResponseSchema, (await api(`v1/balance/${bob}?chainId=${CHAIN}`)).body).balances
    expect(bobs.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['SOL', '0.25'],
      ['LUSD', '1.5'],
    ])
  })

  it('history: Bob received 1.5 LUSD then 0.25 SOL, newest first, one transfer each (the new account’s rent is no transfer), two per page', async () => {
    const page = await history(bob)
    expect(page.data).toHaveLength(2)
    expect(page.next).toBeNull()
    const [lusd, sol] = page.data
    expect(lusd).toMatchObject({
      id: `${CHAIN}:${lusdToBob}`,
      metadata: {
        operationType: 'receive',
        hash: lusdToBob,
        sentFrom: alice.publicKey.toBase58(),
        sentTo: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
        status: 'confirmed',
        chain: CHAIN,
      },
      transfers: [{ direction: 'in', fungible_info: { name: 'Local USD', symbol: 'LUSD' }, quantity: { numeric: '1.5', decimals: '6' }, price: 1, value: 1.5 }],
    })
    expect(sol).toMatchObject({
      id: `${CHAIN}:${solToBob}`,
      metadata: { operationType: 'receive', sentFrom: alice.publicKey.toBase58(), sentTo: bob },
      transfers: [{ direction: 'in', fungible_info: { name: 'Solana', symbol: 'SOL' }, quantity: { numeric: '0.25', decimals: '9' }, price: 150, value: 37.5 }],
    })
    expect(Date.parse(lusd!.metadata.minedAt)).toBeGreaterThan(Date.now() - 600_000)
  })

  it('Alice’s whole history through the cursor: her two sends (out), the LUSD minted to her and her airdrop (in); the failed transfer is not there', async () => {
    const all = await allHistory(alice.publicKey.toBase58())
    expect(all.map((t) => [t.metadata.operationType, t.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info?.symbol}`)])).toEqual([
      ['send', ['out 1.5 LUSD']],
      ['send', ['out 0.25 SOL']],
      ['receive', ['in 100 LUSD']],
      ['receive', ['in 5 SOL']],
    ])
    expect(new Set(all.map((t) => t.id)).size).toBe(4)
    const minted = all[2]!
    expect(minted.metadata.sentFrom).toBe(LOCAL_USD.authority)
    // The zero key sent it: a mint, as EVM mints come from the zero address.
    expect((await allHistory(ZERO_KEY)).map((t) => t.metadata.hash)).toContain(minted.metadata.hash)
  })

  it('new transfers are indexed as the cluster goes on (transferChecked, an unchecked transfer, a burn); refused requests are 400 with a reason', async () => {
    const from = getAssociatedTokenAddressSync(mint, alice.publicKey, false, TOKEN_2022_PROGRAM_ID)
    const to = getAssociatedTokenAddressSync(mint, new PublicKey(bob), false, TOKEN_2022_PROGRAM_ID)
    const checked = await transferChecked(chain, alice, from, mint, to, alice, 250_000n, 6, [], {}, TOKEN_2022_PROGRAM_ID)
    // The unchecked transfer names no mint: the index reads it from the accounts' token balances.
    const unchecked = await transfer(chain, alice, from, to, alice, 100_000n, [], {}, TOKEN_2022_PROGRAM_ID)
    const burnt = await burn(chain, alice, from, mint, alice, 1_000_000n, [], {}, TOKEN_2022_PROGRAM_ID)
    await untilIndexed()
    const bobs = (await history(bob)).data
    expect(bobs.map((t) => [t.metadata.hash, t.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info?.symbol}`)])).toEqual([
      [unchecked, ['in 0.1 LUSD']],
      [checked, ['in 0.25 LUSD']],
    ])
    const [newest] = (await history(alice.publicKey.toBase58())).data
    expect(newest).toMatchObject({ metadata: { hash: burnt, operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '1' } }] })

    for (const [path, reason] of [
      [`v1/balance/0x70997970C51812dc3A010C7d01b50e0d17dc79C8?chainId=${CHAIN}`, 'BAD_ADDRESS'],
      [`v1/balance/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz?chainId=${CHAIN}`, 'BAD_ADDRESS'],
      [`v1/account/${bob}/history?chainId=solana:mainnet`, 'UNSUPPORTED_CHAIN'],
      [`v1/account/${bob}/history?chainId=${CHAIN}&cursor=nonsense`, 'BAD_CURSOR'],
    ] as const) {
      const { status, body } = await api(path)
      expect([path, status]).toEqual([path, 400])
      expect(v.parse(ApiErrorSchema, body).reason).toBe(reason)
    }
  })
})
