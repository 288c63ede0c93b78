import { type Address, type Hex, getAddress, size } from 'viem'
import type { SourceTransfer } from '../indexer/source.ts'

/** keccak256('Transfer(address,address,uint256)'): ERC20 and ERC721 share the event, told apart by their indexed topics. */
export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** An eth_getLogs entry, as the node sends it. */
export interface RawLog {
  readonly address: Hex
  readonly topics: readonly Hex[]
  readonly data: Hex
  readonly blockNumber: Hex
  readonly blockHash: Hex
  readonly transactionHash: Hex
  readonly transactionIndex: Hex
  readonly logIndex: Hex
  readonly removed?: boolean
}

/** What a transfer row says about its transaction. */
export interface TxInfo {
  readonly from: Address
  readonly to: Address | null
  readonly nonce: number
}

const topicAddress = (topic: Hex): Address => getAddress(`0x${topic.slice(26)}`)

/**
 * The token transfer a Transfer log records: ERC20 (from and to indexed, the amount in data)
 * or ERC721 (the token id indexed too, no data). Anything else with that topic (a contract
 * that only borrowed the name) is not a transfer: undefined.
 */
export function transferFromLog(log: RawLog, tx: TxInfo): SourceTransfer | undefined {
  if (log.removed || log.topics[0] !== TRANSFER_TOPIC) return undefined
  const [, from, to, tokenId] = log.topics
  if (!from || !to || size(from) !== 32 || size(to) !== 32) return undefined
  const token = getAddress(log.address)
  const common = {
    blockNumber: BigInt(log.blockNumber),
    txIndex: Number(log.transactionIndex),
    logIndex: Number(log.logIndex),
    txHash: log.transactionHash,
    token,
    from: topicAddress(from),
    to: topicAddress(to),
    txFrom: tx.from,
    // A transfer in a constructor: the transaction created the token.
    txTo: tx.to ?? token,
    txNonce: tx.nonce,
  }
  if (log.topics.length === 3 && size(log.data) === 32) return { ...common, kind: 'erc20', amount: BigInt(log.data) }
  if (log.topics.length === 4 && tokenId && log.data === '0x') return { ...common, kind: 'erc721', amount: 1n, tokenId: BigInt(tokenId) }
  return undefined
}
