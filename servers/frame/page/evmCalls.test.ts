import { type Hex, bytesToHex, hexToBytes, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../test/peers/freePort.ts'
import { type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { evmSigningRequest } from './evm.ts'
import { frameHandlersFor } from './test/frameHandlers.ts'
import type { FrameNetwork } from './signing.ts'

// EIP-5792 for the embedded EOA (no smart account on the network): one approval, the calls sent
// one after another, their status from the node.
const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

let node: HardhatNode
let network: FrameNetwork

beforeAll(async () => {
  node = await startHardhat({ port: await freePort() })
  network = { caipNetworkId: 'eip155:31337', rpcUrl: node.url }
}, 90_000)
afterAll(() => node?.stop())

/** A fresh key holding `ether` on the node. */
async function funded(ether: string) {
  const secret = hexToBytes(generatePrivateKey())
  const address = privateKeyToAccount(bytesToHex(secret)).address
  await rpc(node.url, 'hardhat_setBalance', [address, `0x${parseEther(ether).toString(16)}`])
  return { secret, address }
}

const balanceOf = async (address: string) => BigInt((await rpc(node.url, 'eth_getBalance', [address, 'latest'])) as string)
const sendCalls = (calls: { to: string; value?: string; data?: string }[], extra: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', calls, ...extra }]
const wei = (ether: string) => `0x${parseEther(ether).toString(16)}`

/** The frame's handlers for this key, the host having allowed eip155:31337 without a smart account. */
async function frameFor(secret: Uint8Array, address: string) {
  const { ask } = frameHandlersFor(secret, address)
  await ask('SYNC_DAPP_DATA', { sdkVersion: 'test', sdkType: 'portico', projectId: 'project-1', networks: [network] })
  const read = async (method: string, params: unknown) => (await ask('RPC_REQUEST', { method, params, caipNetworkId: network.caipNetworkId })).result
  return { read }
}

describe('wallet_sendCalls from the embedded EOA', () => {
  it('ONE approval lists both transfers; Approve sends them one after another, both land, status 200 with two receipts', async () => {
    const { secret, address } = await funded('10')
    const [alice, bob] = [await balanceOf(ALICE), await balanceOf(BOB)]
    const request = (await evmSigningRequest(
      'wallet_sendCalls',
      sendCalls([
        { to: ALICE, value: wei('1') },
        { to: BOB, value: wei('2') },
      ]),
      network,
      address,
    ))!
    expect(request.method).toBe('wallet_sendCalls')
    expect(request.rows.map((row) => [row.label, row.value])).toEqual([
      ['From', address],
      ['Call 1 of 2', ALICE],
      ['Call 2 of 2', BOB],
      ['Network', 'eip155:31337 (chain 31337)'],
    ])
    expect(request.rows[1]!.rows).toEqual([{ label: 'Value', value: '1 ETH' }])
    expect(request.rows[2]!.rows).toEqual([{ label: 'Value', value: '2 ETH' }])

    const { id } = (await request.perform(secret)) as { id: Hex }
    expect(await balanceOf(ALICE)).toBe(alice + parseEther('1'))
    expect(await balanceOf(BOB)).toBe(bob + parseEther('2'))

    const frame = await frameFor(secret, address)
    const status = (await frame.read('wallet_getCallsStatus', [id])) as { receipts: { transactionHash: Hex; blockNumber: Hex; status: string }[] }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: false, status: 200 })
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    // One after another: two transactions, the second in a later block than the first.
    expect(new Set(status.receipts.map((receipt) => receipt.transactionHash)).size).toBe(2)
    expect(BigInt(status.receipts[1]!.blockNumber)).toBeGreaterThan(BigInt(status.receipts[0]!.blockNumber))
    expect(await frame.read('wallet_showCallsStatus', [id])).toBeNull()
  })

  it('a second call that cannot be sent (more than the balance) leaves the first landed: status 600, one receipt', async () => {
    const { secret, address } = await funded('1')
    const request = (await evmSigningRequest(
      'wallet_sendCalls',
      sendCalls([
        { to: ALICE, value: wei('0.1') },
        { to: BOB, value: wei('100') },
      ]),
      network,
      address,
    ))!
    const { id } = (await request.perform(secret)) as { id: Hex }
    const status = (await (await frameFor(secret, address)).read('wallet_getCallsStatus', [id])) as { status: number; receipts: unknown[] }
    expect(status.status).toBe(600)
    expect(status.receipts).toHaveLength(1)
  })

  it('a first call that cannot be sent fails the request with the node’s reason; nothing is sent', async () => {
    const { secret, address } = await funded('1')
    const request = (await evmSigningRequest(
      'wallet_sendCalls',
      sendCalls([
        { to: ALICE, value: wei('100') },
        { to: BOB, value: wei('0.1') },
      ]),
      network,
      address,
    ))!
    const bob = await balanceOf(BOB)
    await expect(request.perform(secret)).rejects.toThrow()
    expect(await balanceOf(BOB)).toBe(bob)
    expect(BigInt((await rpc(node.url, 'eth_getTransactionCount', [address, 'latest'])) as string)).toBe(0n)
  })

  it('atomicRequired: true is refused with EIP-5792’s “Atomicity not supported”, before the approval', async () => {
    const { address } = await funded('1')
    await expect(evmSigningRequest('wallet_sendCalls', sendCalls([{ to: ALICE }], { atomicRequired: true }), network, address)).rejects.toThrow(/^Atomicity not supported$/)
  })

  it('validates the params against SPEC’s send-calls params: `to` without 0x, another chain, another sender, no calls', async () => {
    const { address } = await funded('1')
    const refused = (params: unknown) => expect(evmSigningRequest('wallet_sendCalls', params, network, address)).rejects.toThrow()
    await refused(sendCalls([{ to: ALICE.slice(2) }]))
    await refused(sendCalls([]))
    await refused([{ chainId: '0x7a69', calls: [{ to: ALICE }] }])
    await expect(evmSigningRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls: [{ to: ALICE }] }], network, address)).rejects.toThrow('Unsupported chain')
    await expect(evmSigningRequest('wallet_sendCalls', sendCalls([{ to: ALICE }], { from: BOB }), network, address)).rejects.toThrow(
      'The request names an address that is not this account',
    )
  })
})

describe('the EIP-5792 reads of the embedded EOA (frame handlers)', () => {
  it('wallet_getCapabilities: atomic unsupported on the network; another account, another chain or bad params: {}', async () => {
    const { secret, address } = await funded('1')
    const frame = await frameFor(secret, address)
    expect(await frame.read('wallet_getCapabilities', [address])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await frame.read('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await frame.read('wallet_getCapabilities', [ALICE])).toEqual({})
    expect(await frame.read('wallet_getCapabilities', [address, ['0x1']])).toEqual({})
    expect(await frame.read('wallet_getCapabilities', { address })).toEqual({})
  })

  it('wallet_getCallsStatus and wallet_showCallsStatus of an id it never sent: “Unknown bundle id”', async () => {
    const { secret, address } = await funded('1')
    const frame = await frameFor(secret, address)
    await expect(frame.read('wallet_getCallsStatus', [`0x${'ab'.repeat(32)}`])).rejects.toThrow(/^Unknown bundle id$/)
    await expect(frame.read('wallet_showCallsStatus', [`0x${'ab'.repeat(32)}`])).rejects.toThrow(/^Unknown bundle id$/)
  })
})
