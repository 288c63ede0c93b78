// A Hardhat node with the demo's tokens and Uniswap V2 (demo/peers/deployUniswap.mjs) for the
// swaps tests, and the provider's ChainReader over it (plain JSON-RPC, as kit.request sends it).
import { type Hex, createPublicClient, createWalletClient, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deployDemoTokens } from '../../../demo/peers/deployTokens.mjs'
import { deployDemoUniswap } from '../../../demo/peers/deployUniswap.mjs'
import { HARDHAT_ACCOUNTS, type HardhatNode, rpc, startHardhat } from '../../../test/peers/hardhat.ts'
import type { ChainReader, SwapTransaction } from '../provider.ts'
import { freePort } from '../../../test/peers/freePort.ts'

export async function startSwapChain(): Promise<HardhatNode> {
  const node = await startHardhat({ port: await freePort() })
  await deployDemoTokens(node.url)
  await deployDemoUniswap(node.url)
  return node
}

export function chainReader(url: string): ChainReader & { readonly calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    async call(to, data, blockNumber) {
      calls.push('eth_call')
      return rpc<Hex>(url, 'eth_call', [{ to, data }, blockNumber === undefined ? 'latest' : numberToHex(blockNumber)])
    },
    async latestBlock() {
      calls.push('eth_getBlockByNumber')
      const block = await rpc<{ number: Hex; timestamp: Hex }>(url, 'eth_getBlockByNumber', ['latest', false])
      return { number: BigInt(block.number), timestamp: BigInt(block.timestamp) }
    },
  }
}

/** Sends a provider's transaction from Hardhat account `index` and waits for its receipt. */
export async function sendFrom(url: string, index: number, transaction: SwapTransaction) {
  const account = privateKeyToAccount(HARDHAT_ACCOUNTS[index]!.privateKey as Hex)
  const chain = { id: 31337, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } }
  const wallet = createWalletClient({ account, chain, transport: http(url) })
  const client = createPublicClient({ chain, transport: http(url) })
  const hash = await wallet.sendTransaction({ to: transaction.to, data: transaction.data, value: transaction.value ? BigInt(transaction.value) : undefined })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}
