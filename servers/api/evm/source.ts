import {
  type Address,
  type Block,
  type Chain,
  type Hex,
  type PublicClient,
  BlockNotFoundError,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  numberToHex,
} from 'viem'
import type { ChainSource, SourceBlock, SourceToken, SourceTransfer } from '../indexer/source.ts'
import { ChainMovedError } from '../indexer/source.ts'
import { createCaller, decodeText, decodeUint } from './calls.ts'
import { type RawLog, TRANSFER_TOPIC, type TxInfo, transferFromLog } from './transfers.ts'

export interface EvmSourceOptions {
  /** `eip155:<chain id>`. */
  readonly chainId: `eip155:${number}`
  readonly rpcUrl: string
  /** Default 0. */
  readonly startBlock?: bigint | number
  /** Blocks per read (and per eth_getLogs range). Default 100; public nodes often cap eth_getLogs ranges lower. */
  readonly batchSize?: number
  /** Default 1000 ms. */
  readonly pollingIntervalMs?: number
  /** Default Ether, ETH, 18. */
  readonly nativeCurrency?: ChainSource['nativeCurrency']
}

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
type FullBlock = Block<bigint, true, 'latest'>

/**
 * An eip155 chain over its JSON-RPC: blocks with their transactions, Transfer logs (ERC20
 * with three topics, ERC721 with four) in one eth_getLogs per batch, and a receipt for each
 * transaction that moves native value (its value counts only if it succeeded). Native value
 * moved by contracts (internal transactions) is not seen: that needs traces, which plain
 * nodes such as Hardhat 2 do not serve.
 */
export function createEvmSource(options: EvmSourceOptions): ChainSource {
  const chainNumber = Number(options.chainId.slice('eip155:'.length))
  if (!Number.isSafeInteger(chainNumber) || chainNumber <= 0) throw new Error(`createEvmSource: "${options.chainId}" is not an eip155 chain id`)
  const client = createPublicClient({
    chain: { id: chainNumber } as Chain,
    // Every request issued in one tick goes out as one JSON-RPC batch.
    transport: http(options.rpcUrl, { batch: { batchSize: 100 }, retryCount: 2, timeout: 20_000 }),
    cacheTime: 0,
  }) as PublicClient
  const call = createCaller(client)

  const getBlock = (number: bigint) => client.getBlock({ blockNumber: number, includeTransactions: true })

  async function read(from: bigint, to: bigint) {
    const numbers = Array.from({ length: Number(to - from + 1n) }, (_, i) => from + BigInt(i))
    const [blocks, logs] = await Promise.all([
      Promise.all(numbers.map(getBlock)),
      client.request({ method: 'eth_getLogs', params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [TRANSFER_TOPIC] }] }) as Promise<RawLog[]>,
    ])
    const byNumber = new Map(blocks.map((block) => [block.number, block]))
    const transfers: SourceTransfer[] = [...(await nativeTransfers(blocks))]
    for (const log of logs) {
      const block = byNumber.get(BigInt(log.blockNumber))
      // The logs and the blocks came from two requests: a reorg between them shows here.
      if (!block || block.hash !== log.blockHash) throw new ChainMovedError(options.chainId, BigInt(log.blockNumber))
      const tx = block.transactions[Number(log.transactionIndex)]
      if (!tx || tx.hash !== log.transactionHash) throw new ChainMovedError(options.chainId, block.number)
      const transfer = transferFromLog(log, txInfo(tx))
      if (transfer) transfers.push(transfer)
    }
    return { blocks: blocks.map(sourceBlock), transfers }
  }

  /** Top-level transactions with value, kept when their receipt says they succeeded. */
  async function nativeTransfers(blocks: readonly FullBlock[]): Promise<SourceTransfer[]> {
    const moving = blocks.flatMap((block) => block.transactions.filter((tx) => tx.value > 0n).map((tx) => ({ block, tx })))
    const receipts = await Promise.all(moving.map(({ tx }) => client.getTransactionReceipt({ hash: tx.hash })))
    return moving.flatMap(({ block, tx }, i) => {
      const receipt = receipts[i]!
      if (receipt.blockHash !== block.hash) throw new ChainMovedError(options.chainId, block.number)
      if (receipt.status !== 'success') return []
      const to = tx.to ?? receipt.contractAddress
      if (!to) return []
      const info = txInfo(tx)
      return [
        {
          blockNumber: block.number,
          txIndex: tx.transactionIndex,
          logIndex: -1,
          txHash: tx.hash,
          kind: 'native' as const,
          token: '',
          from: info.from,
          to: getAddress(to),
          amount: tx.value,
          txFrom: info.from,
          txTo: getAddress(to),
          txNonce: info.nonce,
        },
      ]
    })
  }

  async function tokens(wanted: readonly { address: string; standard: string }[]): Promise<SourceToken[]> {
    const fields = (standard: string) => (standard === 'erc721' ? (['name', 'symbol'] as const) : (['name', 'symbol', 'decimals'] as const))
    const calls = wanted.flatMap(({ address, standard }) =>
      fields(standard).map((functionName) => ({ to: address as Address, data: encodeFunctionData({ abi: erc20Abi, functionName }) })),
    )
    const answers = await call(calls)
    let next = 0
    return wanted.map(({ address, standard }) => {
      const [name, symbol, decimals] = fields(standard).map(() => answers[next++])
      const readSymbol = decodeText(symbol)?.trim()
      // Placeholders keep an odd contract's transfers listable; 0 decimals shows raw units, and wallets hide such tokens.
      const shown = readSymbol || `${address.slice(0, 6)}…`
      const places = decodeUint(decimals)
      return {
        address,
        standard: standard === 'erc721' ? 'erc721' : 'erc20',
        name: decodeText(name)?.trim() || shown,
        symbol: shown,
        decimals: standard === 'erc721' ? null : places !== undefined && places <= 255n ? Number(places) : 0,
      }
    })
  }

  return {
    chainId: options.chainId,
    nativeCurrency: options.nativeCurrency ?? ETHER,
    startBlock: BigInt(options.startBlock ?? 0),
    batchSize: options.batchSize ?? 100,
    pollingIntervalMs: options.pollingIntervalMs ?? 1000,
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(number) {
      try {
        return (await client.getBlock({ blockNumber: number })).hash ?? undefined
      } catch (error) {
        if (error instanceof BlockNotFoundError) return undefined
        throw error
      }
    },
    read,
    tokens,
    async balances(address, tokenAddresses) {
      const owner = address as Address
      const [native, answers] = await Promise.all([
        client.getBalance({ address: owner }),
        call(tokenAddresses.map((token) => ({ to: token as Address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) }))),
      ])
      const held = new Map<string, bigint>()
      tokenAddresses.forEach((token, i) => {
        const amount = decodeUint(answers[i])
        if (amount !== undefined) held.set(token, amount)
      })
      return { native, tokens: held }
    },
    normalizeAddress: (address) => (isAddress(address, { strict: false }) ? getAddress(address) : undefined),
    // viem's universal validator: one eth_call that checks an EOA, ERC-1271 and ERC-6492 alike.
    verifyMessage: ({ address, message, signature }) => client.verifyMessage({ address: address as Address, message, signature: signature as Hex }),
  }
}

function txInfo(tx: { from: Address; to: Address | null; nonce: number }): TxInfo {
  return { from: getAddress(tx.from), to: tx.to ? getAddress(tx.to) : null, nonce: tx.nonce }
}

function sourceBlock(block: FullBlock): SourceBlock {
  return { number: block.number, hash: block.hash as Hex, parentHash: block.parentHash, timestamp: new Date(Number(block.timestamp) * 1000) }
}
