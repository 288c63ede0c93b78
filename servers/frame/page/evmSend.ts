import { type Hex, bytesToHex, createClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getChainId, prepareTransactionRequest } from 'viem/actions'
import type { EvmTransaction } from './evm.ts'
import { jsonRpc } from './rpc.ts'
import type { FrameNetwork } from './signing.ts'

/** The fees a transaction pays: EIP-1559, or a legacy gas price when the dapp gave one (or the chain has no base fee). */
export type TransactionFees = { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { type: 'legacy'; gasPrice: bigint }

/** A transaction with every field fixed: what the panel shows is what is signed. */
export interface PreparedTransaction {
  chainId: number
  to: Hex | undefined
  value: bigint
  data: Hex | undefined
  gas: bigint
  nonce: number
  fees: TransactionFees
}

export const wrongChain = (node: number, expected: number) => `The network's node is on chain ${node}, not ${expected}`

const big = (hex: Hex | undefined) => (hex ? BigInt(hex) : undefined)

/**
 * Fills in what the dapp left out (nonce, gas limit, fees) from the network's node, for
 * the panel to show before anything is signed. The node's chain id is checked first, so
 * a transaction is never prepared for (and sent to) another network.
 */
export async function prepareTransaction(network: FrameNetwork, from: Hex, tx: EvmTransaction): Promise<PreparedTransaction> {
  const chainId = Number(network.caipNetworkId.split(':')[1])
  const chain = defineChain({
    id: chainId,
    name: network.caipNetworkId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  const client = createClient({ chain, transport: http(network.rpcUrl) })
  const node = await getChainId(client)
  if (node !== chainId) throw new Error(wrongChain(node, chainId))
  const fees = tx.gasPrice ? { gasPrice: big(tx.gasPrice) } : { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
  const prepared = await prepareTransactionRequest(client, {
    account: from,
    chain,
    to: tx.to as Hex | undefined,
    value: big(tx.value) ?? 0n,
    data: tx.data,
    gas: big(tx.gas),
    nonce: tx.nonce ? Number(tx.nonce) : undefined,
    ...fees,
  } as never)
  const filled = prepared as unknown as { gas: bigint; nonce: number; gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint }
  return {
    chainId,
    to: tx.to as Hex | undefined,
    value: big(tx.value) ?? 0n,
    data: tx.data,
    gas: filled.gas,
    nonce: filled.nonce,
    fees:
      filled.maxFeePerGas !== undefined
        ? { type: 'eip1559', maxFeePerGas: filled.maxFeePerGas, maxPriorityFeePerGas: filled.maxPriorityFeePerGas ?? 0n }
        : { type: 'legacy', gasPrice: filled.gasPrice! },
  }
}

/** The most the transaction can cost: its value plus its gas limit at the highest fee. */
export function totalCost(prepared: PreparedTransaction): bigint {
  const perGas = prepared.fees.type === 'eip1559' ? prepared.fees.maxFeePerGas : prepared.fees.gasPrice
  return prepared.value + prepared.gas * perGas
}

/** Signs exactly the prepared transaction with the key and sends it raw; resolves its hash. */
export async function sendPrepared(secret: Uint8Array, network: FrameNetwork, prepared: PreparedTransaction): Promise<Hex> {
  const { fees, ...fields } = prepared
  const signed = await privateKeyToAccount(bytesToHex(secret)).signTransaction({ ...fields, ...fees } as never)
  return (await jsonRpc(network.rpcUrl, 'eth_sendRawTransaction', [signed])) as Hex
}
