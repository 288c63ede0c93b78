import { type Hex, bytesToHex, createClient, defineChain, hexToBigInt, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { sendTransaction } from 'viem/actions'
import type { EvmTransaction } from './evm.ts'
import type { FrameNetwork } from './signing.ts'

/**
 * Fills in what the dapp left out (nonce, gas, fees) from the network's node, signs with
 * the key and sends; resolves the transaction hash. The chain's id is checked against
 * the node's first, so a transaction never lands on another network.
 */
export function sendWithKey(secret: Uint8Array, network: FrameNetwork, tx: EvmTransaction): Promise<Hex> {
  const chain = defineChain({
    id: Number(network.caipNetworkId.split(':')[1]),
    name: network.caipNetworkId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  const client = createClient({ account: privateKeyToAccount(bytesToHex(secret)), chain, transport: http(network.rpcUrl) })
  const big = (hex: Hex | undefined) => (hex ? hexToBigInt(hex) : undefined)
  const fees = tx.gasPrice ? { gasPrice: big(tx.gasPrice) } : { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
  return sendTransaction(client, {
    to: tx.to as Hex | undefined,
    value: big(tx.value) ?? 0n,
    data: tx.data,
    gas: big(tx.gas),
    nonce: tx.nonce ? Number(tx.nonce) : undefined,
    ...fees,
  } as never)
}
