import { type Hex, formatEther, formatGwei } from 'viem'
import { type CheckedTransaction, checkTransaction } from '../../../kernel/validation/transaction.ts'
import { RowLabel } from './approvalText.ts'
import { describeCall } from './decode/evmCall.ts'
import { nativeSymbol } from './decode/nativeSymbol.ts'
import type { EvmTransaction } from './evm.ts'
import { type PreparedTransaction, prepareTransaction, sendPrepared, totalCost } from './evmSend.ts'
import type { ApprovalRow, FrameNetwork, SigningRequest } from './signing.ts'

const feeRows = (fees: PreparedTransaction['fees']): ApprovalRow[] =>
  fees.type === 'eip1559'
    ? [
        { label: RowLabel.MAX_FEE, value: `${formatGwei(fees.maxFeePerGas)} gwei` },
        { label: RowLabel.MAX_PRIORITY_FEE, value: `${formatGwei(fees.maxPriorityFeePerGas)} gwei` },
      ]
    : [{ label: RowLabel.GAS_PRICE, value: `${formatGwei(fees.gasPrice)} gwei` }]

const quantity = (hex: Hex | undefined) => (hex === undefined ? undefined : BigInt(hex))

/** The prepared transaction in the checks' terms: the fees the node filled in are checked too. */
const checkedOf = (from: Hex, prepared: PreparedTransaction): CheckedTransaction => ({
  chainId: prepared.chainId,
  from,
  to: prepared.to,
  ...(prepared.fees.type === 'eip1559'
    ? { maxFeePerGas: prepared.fees.maxFeePerGas, maxPriorityFeePerGas: prepared.fees.maxPriorityFeePerGas }
    : { gasPrice: prepared.fees.gasPrice }),
})

/**
 * eth_sendTransaction as the panel shows it: the transaction is completed from the node
 * first (gas limit, fees, nonce) and checked, the call decoded, the total cost worked out; Approve
 * signs and sends exactly those fields. Loaded only when a transaction is asked for.
 */
export async function transactionRequest(network: FrameNetwork, from: Hex, tx: EvmTransaction): Promise<SigningRequest> {
  // SPEC §5 before the node is asked (what the dapp wrote) and after (what the key would sign).
  const options = { maxFeePerGasCap: network.maxFeePerGasCap === undefined ? undefined : BigInt(network.maxFeePerGasCap) }
  const chainId = Number(network.caipNetworkId.split(':')[1])
  checkTransaction(
    { chainId, from, to: tx.to, gasPrice: quantity(tx.gasPrice), maxFeePerGas: quantity(tx.maxFeePerGas), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) },
    options,
  )
  const prepared = await prepareTransaction(network, from, tx)
  checkTransaction(checkedOf(from, prepared), options)
  const symbol = nativeSymbol(prepared.chainId)
  const call = describeCall(prepared.data)
  return {
    method: 'eth_sendTransaction',
    rows: [
      { label: RowLabel.TO, value: prepared.to ?? RowLabel.NEW_CONTRACT },
      ...call.rows,
      { label: RowLabel.VALUE, value: `${formatEther(prepared.value)} ${symbol}` },
      { label: RowLabel.GAS_LIMIT, value: `${prepared.gas}` },
      ...feeRows(prepared.fees),
      { label: RowLabel.NONCE, value: `${prepared.nonce}` },
      { label: RowLabel.NETWORK, value: `${network.caipNetworkId} (chain ${prepared.chainId})` },
      { label: RowLabel.TOTAL, value: `${formatEther(totalCost(prepared))} ${symbol}` },
    ],
    warnings: call.warnings,
    perform: (secret) => sendPrepared(secret, network, prepared),
  }
}
