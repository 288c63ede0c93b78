import { createPublicClient, custom, encodeFunctionData, erc20Abi, http, padHex, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNTS } from '../../../demo/peers/accounts.mjs'
import { DEMO_TOKENS } from '../../../demo/peers/tokens.mjs'
import type { HardhatNode } from '../../../test/peers/hardhat.ts'
import { MULTICALL3_ADDRESS, installMulticall3, removeMulticall3 } from '../../../test/peers/multicall3.ts'
import { freePort, hardhatWithTokens } from '../test/chain.ts'
import { createCaller, decodeText, decodeUint } from './calls.ts'
import { createEvmSource } from './source.ts'

// Token reads on a real Hardhat node: plain eth_calls on a fresh node (no Multicall3 there),
// one aggregate3 call once Multicall3's code is at its usual address; a revert or an account
// without code is "no answer", a node that does not answer is an error.

const [DEMO, DUSD] = DEMO_TOKENS
const alice = HARDHAT_ACCOUNTS[0].address

let node: HardhatNode
beforeAll(async () => {
  node = await hardhatWithTokens()
}, 120_000)
afterAll(async () => {
  await node?.stop()
})

/** A client that records the `to` of every eth_call it sends. */
function countingClient(url: string) {
  const targets: string[] = []
  const transport = http(url)
  const client = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (method === 'eth_call') targets.push((params as [{ to: string }])[0].to)
        return transport({}).request({ method, params })
      },
    }),
  })
  return { client, targets }
}

const calls = [
  { to: DEMO.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) },
  { to: DUSD.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [alice] }) },
  // An account without code answers nothing; a reverting call (more than alice holds) is no answer either.
  { to: alice, data: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) },
  { to: DEMO.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [alice, alice, 10n ** 30n] }) },
] as const

describe('createCaller', () => {
  it('makes plain calls where the chain has no Multicall3', async () => {
    const { client, targets } = countingClient(node.url)
    const answers = await createCaller(client as never)(calls)
    expect(decodeText(answers[0])).toBe('DEMO')
    expect(decodeUint(answers[1])).toBe(1000_000000n)
    expect(answers.slice(2)).toEqual([undefined, undefined])
    // (Hardhat answers a revert with -32603, which viem retries: the reverting call may be sent more than once.)
    expect(new Set(targets)).toEqual(new Set(calls.map((call) => call.to)))
  })

  it('makes one aggregate3 call once Multicall3 is deployed', async () => {
    await installMulticall3(node.url)
    try {
      const { client, targets } = countingClient(node.url)
      const answers = await createCaller(client as never)(calls)
      expect(decodeText(answers[0])).toBe('DEMO')
      expect(decodeUint(answers[1])).toBe(1000_000000n)
      expect(answers.slice(2)).toEqual([undefined, undefined])
      expect(targets).toEqual([MULTICALL3_ADDRESS])
    } finally {
      await removeMulticall3(node.url)
    }
  })

  it('rejects when the node does not answer', async () => {
    const client = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) })
    await expect(createCaller(client)(calls)).rejects.toThrow()
  })
})

describe('token metadata', () => {
  it('reads name, symbol and decimals, and gives placeholders for an address that answers none', async () => {
    const source = createEvmSource({ chainId: 'eip155:31337', rpcUrl: node.url })
    expect(
      await source.tokens([
        { address: DUSD.address, standard: 'erc20' },
        { address: alice, standard: 'erc20' },
      ]),
    ).toEqual([
      { address: DUSD.address, standard: 'erc20', name: 'Demo Dollar', symbol: 'DUSD', decimals: 6 },
      { address: alice, standard: 'erc20', name: '0xf39F…', symbol: '0xf39F…', decimals: 0 },
    ])
  })

  it('decodes a bytes32 name (early tokens) and leaves other data undecoded', () => {
    expect(decodeText(padHex(stringToHex('Maker'), { dir: 'right', size: 32 }))).toBe('Maker')
    expect(decodeText('0x1234')).toBeUndefined()
    expect(decodeUint('0x1234')).toBeUndefined()
  })
})
