// What the API server's tests share: a free port, a Hardhat node with the demo tokens,
// sending transfers through the node's unlocked default accounts, waiting for the index.
import { type Address, encodeFunctionData, erc20Abi, erc721Abi, numberToHex } from 'viem'
import { deployDemoTokens } from '../../../demo/peers/deployTokens.mjs'
import { type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import { and, eq } from 'drizzle-orm'
import { type Database, apiTables } from '../../db/index.ts'
import { readCursor } from '../indexer/store.ts'
import { freePort } from '../../../test/peers/freePort.ts'

export { freePort }

/** A fresh Hardhat node (eip155:31337) on a free port, with the demo's tokens deployed. */
export async function hardhatWithTokens(): Promise<HardhatNode> {
  const node = await startHardhat({ port: await freePort() })
  try {
    await deployDemoTokens(node.url)
    return node
  } catch (error) {
    await node.stop()
    throw error
  }
}

/**
 * rpc, tried again when it went out on a kept-alive socket the node had closed (a node
 * restarted on the same port): such a request never reached any node.
 */
async function nodeRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rpc<T>(url, method, params)
    } catch (error) {
      const code = ((error as Error).cause as { code?: string } | undefined)?.code
      if (code !== 'UND_ERR_SOCKET' || attempt === 5) throw error
    }
  }
}

/** Sends a transaction from one of the node's unlocked default accounts; resolves with its hash (mined at once unless automine is off). */
export function send(url: string, tx: { from: Address; to: Address; value?: bigint; data?: `0x${string}` }): Promise<`0x${string}`> {
  return nodeRpc(url, 'eth_sendTransaction', [{ from: tx.from, to: tx.to, value: numberToHex(tx.value ?? 0n), data: tx.data, gas: numberToHex(200_000) }])
}

export const erc20Transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
export const nftTransfer = (from: Address, to: Address, tokenId: bigint) => encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [from, to, tokenId] })

export async function blockNumber(url: string): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'eth_blockNumber'))
}

/**
 * Resolves once the index holds the node's head block (read when called), with the same
 * hash: after a reorg that left the chain shorter, a cursor past the head is not enough.
 */
export async function untilIndexed(db: Database, url: string, chainId = 'eip155:31337', timeoutMs = 60_000): Promise<bigint> {
  const head = await nodeRpc<{ number: `0x${string}`; hash: string }>(url, 'eth_getBlockByNumber', ['latest', false])
  const number = BigInt(head.number)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const cursor = await readCursor(db, chainId)
    const [stored] = await db
      .select({ hash: apiTables.apiBlocks.hash })
      .from(apiTables.apiBlocks)
      .where(and(eq(apiTables.apiBlocks.chainId, chainId), eq(apiTables.apiBlocks.number, number)))
    if (cursor === number && stored?.hash === head.hash) return number
    if (Date.now() > deadline) throw new Error(`untilIndexed: ${chainId} indexed to ${cursor}, head ${number}, after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Several JSON-RPC calls in one batch request; throws on any error. */
export async function rpcBatch<T = unknown>(url: string, calls: readonly [method: string, params: unknown[]][]): Promise<T[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[]
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(answer.error.message)
      return answer.result as T
    })
}

/** GET a path of the API; the answer's status and parsed JSON body. */
export async function get(base: string, path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(new URL(path, `${base}/`), { headers })
  return { status: response.status, body: await response.json(), headers: response.headers }
}
