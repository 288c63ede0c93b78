import { type Hex, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema, BlockchainApiPaths, NameRecordSchema, ReverseNamesResponseSchema } from '../../protocol/api/index.ts'
import { createHttpBlockchainApi } from '../../services/blockchainApi/http.ts'
import type { PorticoError } from '../../kernel/errors/base.ts'
import { deployOwnedWallet, ownedWalletArtifacts } from '../../test/peers/contractWallet.ts'
import { HARDHAT_ACCOUNTS, type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { openDatabase } from '../db/index.ts'
import { type ApiServer, startApiServer } from './index.ts'
import { freePort, get } from './test/chain.ts'

// The name registry of the Blockchain API on PGlite, with signatures checked on a real Hardhat
// node (eip155:31337, coin type 0x80000000 | 31337): EOAs with their key, a contract wallet
// (OwnedWallet, ERC-1271) with its owner's. The client half is services/blockchainApi's HTTP client.

const CHAIN = 'eip155:31337'
const COIN_TYPE = 2147514985 // 0x80000000 | 31337
const alice = privateKeyToAccount(HARDHAT_ACCOUNTS[0]!.privateKey as Hex)
const bob = privateKeyToAccount(HARDHAT_ACCOUNTS[1]!.privateKey as Hex)

let node: HardhatNode
let server: ApiServer
let closeDb: () => Promise<void>

beforeAll(async () => {
  ownedWalletArtifacts()
  const opened = await openDatabase({ memory: true })
  closeDb = () => opened.close()
  node = await startHardhat({ port: await freePort() })
  server = await startApiServer({
    database: { db: opened.db },
    chains: [{ chainId: CHAIN, rpcUrl: node.url }],
    origins: ['http://127.0.0.1:5173'],
    index: false,
    log: () => undefined,
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await closeDb?.()
  await node?.stop()
})

const seconds = () => Math.floor(Date.now() / 1000)
const messageOf = (name: string, timestamp = seconds()) => JSON.stringify({ name, attributes: {}, timestamp })

async function signed(signer: typeof alice, name: string, timestamp?: number) {
  const message = messageOf(name, timestamp)
  return { coinType: COIN_TYPE, address: signer.address, message, signature: await signer.signMessage({ message }) }
}

async function post(body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(BlockchainApiPaths.registerName(), `${server.url}/`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

const reasonOf = (body: unknown) => v.parse(ApiErrorSchema, body).reason

describe('name registry', () => {
  it('registers a name signed by an EOA; lookup, reverse lookup and identity answer it', async () => {
    const { status, body } = await post(await signed(alice, 'alice-test'))
    expect(status).toBe(201)
    const record = v.parse(NameRecordSchema, body)
    expect(record).toMatchObject({ name: 'alice-test', attributes: {}, addresses: { [COIN_TYPE]: { chainId: CHAIN, address: alice.address } } })
    const lookup = await get(server.url, BlockchainApiPaths.lookupName('Alice-Test'))
    expect(v.parse(NameRecordSchema, lookup.body).addresses[COIN_TYPE]!.address).toBe(alice.address)
    const reverse = await get(server.url, BlockchainApiPaths.reverseLookup(alice.address.toLowerCase()))
    expect(v.parse(ReverseNamesResponseSchema, reverse.body).map((r) => r.name)).toEqual(['alice-test'])
    expect((await get(server.url, `${BlockchainApiPaths.identity(alice.address)}?chainId=${CHAIN}`)).body).toEqual({ name: 'alice-test', avatar: null })
    // The registry is not bound to the indexed chains: on a network this server does not index
    // (mainnet here), identity still answers, rather than a 400 the page would log.
    const elsewhere = await get(server.url, `${BlockchainApiPaths.identity(alice.address)}?chainId=eip155:1`)
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.body).toEqual({ name: 'alice-test', avatar: null })
  })

  it('refuses a second registration of a name with 409 and a reason, and the client says Error registering name', async () => {
    const again = await post(await signed(bob, 'alice-test'))
    expect(again.status).toBe(409)
    expect(v.parse(ApiErrorSchema, again.body)).toEqual({ reason: 'NAME_TAKEN', message: 'name: "alice-test" is already registered' })
    // Case does not make another name.
    expect((await post(await signed(bob, 'ALICE-TEST'))).status).toBe(409)
    // The browser on the demo page adds its Origin to the client's requests.
    const fromPage: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin: 'http://127.0.0.1:5173' } })
    const client = createHttpBlockchainApi({ baseUrl: `${server.url}/`, fetch: fromPage })
    const refused = await client.registerName(await signed(bob, 'alice-test')).then(
      () => undefined,
      (error: PorticoError) => error,
    )
    expect(refused?.shortMessage).toBe('Error registering name alice-test')
    expect(refused?.details).toBe('name: "alice-test" is already registered')
    expect((await client.lookupName('alice-test'))?.addresses[COIN_TYPE]?.address).toBe(alice.address)
  })

  it('refuses a tampered signature or message, and stores nothing', async () => {
    const good = await signed(bob, 'bob-name')
    // One bit of the signature flipped.
    const last = good.signature.slice(-2)
    const flipped = `${good.signature.slice(0, -2)}${(Number.parseInt(last, 16) ^ 1).toString(16).padStart(2, '0')}`
    expect(reasonOf((await post({ ...good, signature: flipped })).body)).toBe('BAD_SIGNATURE')
    // The message changed after signing (another name).
    const tampered = await post({ ...good, message: messageOf('bob-other', (JSON.parse(good.message) as { timestamp: number }).timestamp) })
    expect(tampered.status).toBe(401)
    expect(reasonOf(tampered.body)).toBe('BAD_SIGNATURE')
    // Alice's signature presented for Bob's address.
    expect(reasonOf((await post({ ...(await signed(alice, 'bob-name')), address: bob.address })).body)).toBe('BAD_SIGNATURE')
    expect((await get(server.url, BlockchainApiPaths.lookupName('bob-name'))).status).toBe(404)
    expect((await get(server.url, BlockchainApiPaths.lookupName('bob-other'))).status).toBe(404)
  })

  it('registers a name for an ERC-1271 contract wallet signed by its owner', async () => {
    const wallet = getAddress(await deployOwnedWallet(node.url, HARDHAT_ACCOUNTS[2]!.privateKey as Hex, bob.address))
    const message = messageOf('bobs-safe')
    const registration = { coinType: COIN_TYPE, address: wallet, message, signature: await bob.signMessage({ message }) }
    const { status, body } = await post(registration)
    expect(status).toBe(201)
    expect(v.parse(NameRecordSchema, body).addresses[COIN_TYPE]!.address).toBe(wallet)
    // Someone other than the owner cannot name the wallet.
    const other = messageOf('not-bobs')
    expect(reasonOf((await post({ ...registration, message: other, signature: await alice.signMessage({ message: other }) })).body)).toBe('BAD_SIGNATURE')
  })

  it('refuses what breaks the rules, each with its reason', async () => {
    const cases: [unknown, number, string][] = [
      [await signed(bob, 'bob'), 400, 'BAD_NAME'],
      [await signed(bob, 'bad_name!'), 400, 'BAD_NAME'],
      [await signed(bob, 'x'.repeat(64)), 400, 'BAD_NAME'],
      [await signed(bob, 'bob-late', seconds() - 11 * 60), 400, 'STALE_MESSAGE'],
      [await signed(bob, 'bob-early', seconds() + 5 * 60), 400, 'STALE_MESSAGE'],
      [{ ...(await signed(bob, 'bob-coin')), coinType: 501 }, 400, 'BAD_COIN_TYPE'],
      // Ethereum mainnet (coin type 60) is not served by this server.
      [{ ...(await signed(bob, 'bob-main')), coinType: 60 }, 400, 'UNSUPPORTED_CHAIN'],
      [{ ...(await signed(bob, 'bob-addr')), address: 'nobody' }, 400, 'BAD_ADDRESS'],
      [{ ...(await signed(bob, 'bob-sig')), signature: 'signed' }, 400, 'BAD_SIGNATURE'],
      [{ ...(await signed(bob, 'bob-json')), message: 'bob-json' }, 400, 'BAD_MESSAGE'],
      [{ coinType: COIN_TYPE }, 400, 'BAD_ADDRESS'],
    ]
    for (const [body, status, reason] of cases) {
      const answer = await post(body)
      expect([answer.status, reasonOf(answer.body)], JSON.stringify(body)).toEqual([status, reason])
    }
    const notJson = await fetch(new URL(BlockchainApiPaths.registerName(), `${server.url}/`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' },
      body: '{',
    })
    expect([notJson.status, reasonOf(await notJson.json())]).toEqual([400, 'BAD_BODY'])
  })

  it('takes a name of 63 characters and a signed message of 4096, refuses a name of 64 and a message of 4097', async () => {
    /** A registration whose signed message is exactly `length` characters (padded in an attribute). */
    const sized = async (name: string, length: number) => {
      const timestamp = seconds()
      const bare = JSON.stringify({ name, attributes: { pad: '' }, timestamp }).length
      const message = JSON.stringify({ name, attributes: { pad: 'p'.repeat(length - bare) }, timestamp })
      expect(message).toHaveLength(length)
      return { coinType: COIN_TYPE, address: bob.address, message, signature: await bob.signMessage({ message }) }
    }
    expect((await post(await signed(bob, 'x'.repeat(63)))).status).toBe(201)
    expect(reasonOf((await post(await signed(bob, 'y'.repeat(64)))).body)).toBe('BAD_NAME')
    expect((await post(await sized('bob-4096', 4096))).status).toBe(201)
    const over = await post(await sized('bob-4097', 4097))
    expect([over.status, reasonOf(over.body)]).toEqual([400, 'BAD_MESSAGE'])
  })

  it('suggests the asked name with whether it is taken, then three free alternatives', async () => {
    await post(await signed(bob, 'alice-test-1'))
    const { body } = await get(server.url, BlockchainApiPaths.suggestNames('Alice-Test'))
    expect(body).toEqual({
      suggestions: [
        { name: 'alice-test', registered: true },
        { name: 'alice-test-2', registered: false },
        { name: 'alice-test-3', registered: false },
        { name: 'alice-test-4', registered: false },
      ],
    })
    const short = await get(server.url, BlockchainApiPaths.suggestNames('abc'))
    expect(short.body).toEqual({ suggestions: ['abc-1', 'abc-2', 'abc-3'].map((name) => ({ name, registered: false })) })
  })

  it('lets the demo origin POST from a browser (CORS preflight)', async () => {
    const preflight = await fetch(new URL(BlockchainApiPaths.registerName(), `${server.url}/`), {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
  })
})
