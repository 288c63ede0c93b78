import * as v from 'valibot'
import { decodeFunctionResult, encodeFunctionData, numberToHex } from 'viem'
import { PorticoError, SnackText, isEvmAddress, isTransactionHash } from '../../../kernel/index.ts'
import { parseCaipNetworkId } from '../../../kernel/chains/caip.ts'
import { withEvmPrefix } from '../../../kernel/validation/address.ts'
import { formatUnits, parseOrThrow } from '../../../kernel/wallets/index.ts'
import type { ParsedSendOptions } from '../contract.ts'
import type { NamespaceSender, SendDraft, SenderContext } from '../sender.ts'
import { ERC20_TRANSFER_ABI, USDT_CONTRACTS, transferAbiFor } from './erc20.ts'

type Hex = `0x${string}`

/* What the wallet answers is untrusted like any other input. */
const QuantitySchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))
const DataSchema = v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be hex data'))

async function read<S extends v.GenericSchema<unknown, string>>(context: SenderContext, method: string, params: unknown, schema: S) {
  const answer = await context.request({ method, params })
  return parseOrThrow(schema, answer, (issue) => new PorticoError(`${method}: the wallet answered ${issue}`)) as v.InferOutput<S>
}

interface EvmTransaction {
  /** The network's chain id: the kit checks it (SPEC §5) and the wallet refuses the transaction on another chain. */
  readonly chainId?: Hex
  readonly from: Hex
  readonly to: Hex
  readonly value?: Hex
  readonly data?: Hex
}

/**
 * Sends on EVM chains through the connected wallet: `eth_sendTransaction` with a value
 * for the native currency, or with ERC20 `transfer` data for a token. A token transfer
 * is simulated first (`eth_call`) and its answer decoded with the token's ABI: a
 * standard token must return true, a USDT-shaped one (on the list) returns nothing.
 */
export function createEvmSender(options: ParsedSendOptions): NamespaceSender {
  const usdtContracts = [...USDT_CONTRACTS, ...options.usdtContracts]

  const transferData = (token: string, receiver: Hex, amount: bigint) => {
    const abi = transferAbiFor(token, usdtContracts)
    return { abi, data: encodeFunctionData({ abi, functionName: 'transfer', args: [receiver, amount] }) }
  }

  /** The transaction a draft describes; a native value of 0 for estimates (the gas of a plain transfer does not depend on it). */
  const estimateTransaction = ({ token, receiver, amount }: SendDraft, from: Hex): EvmTransaction => {
    const to = receiver && isEvmAddress(receiver) ? withEvmPrefix(receiver) : from
    if (!token.address) return { from, to, value: '0x0' }
    const held = amount !== undefined && amount <= token.balance ? amount : token.balance
    return { from, to: withEvmPrefix(token.address), data: transferData(token.address, to, held).data }
  }

  return {
    namespace: 'eip155',
    isValidReceiver: isEvmAddress,
    failureText: SnackText.SOMETHING_WENT_WRONG,
    formatGasPrice: (wei) => `${formatUnits(wei, 9)} gwei`,

    async quote(draft, context) {
      const from = withEvmPrefix(context.from)
      const [gasPrice, nativeBalance] = await Promise.all([
        read(context, 'eth_gasPrice', [], QuantitySchema).then(BigInt),
        read(context, 'eth_getBalance', [from, 'latest'], QuantitySchema).then(BigInt),
      ])
      let fee: bigint | undefined
      try {
        fee = BigInt(await read(context, 'eth_estimateGas', [estimateTransaction(draft, from)], QuantitySchema)) * gasPrice
      } catch {
        // A transfer the node cannot estimate (it would revert, or the account cannot pay
        // for the estimate): the fee stays unknown and the send itself will say why.
        fee = undefined
      }
      return { gasPrice, fee, nativeBalance }
    },

    async send({ token, amount, receiver }, context) {
      const from = withEvmPrefix(context.from)
      const to = withEvmPrefix(receiver)
      let transaction: EvmTransaction
      if (!token.address) {
        transaction = { from, to, value: numberToHex(amount) }
      } else {
        const contract = withEvmPrefix(token.address)
        const { abi, data } = transferData(contract, to, amount)
        const answer = await read(context, 'eth_call', [{ from, to: contract, data }, 'latest'], DataSchema)
        const returned: unknown = decodeFunctionResult({ abi, functionName: 'transfer', data: answer as Hex })
        if (abi === ERC20_TRANSFER_ABI && returned !== true) {
          throw new PorticoError(`${token.symbol}: the token refused the transfer`, { details: `transfer returned ${String(returned)}` })
        }
        transaction = { from, to: contract, data }
      }
      const chainId = numberToHex(BigInt(parseCaipNetworkId(context.network.caipNetworkId).reference))
      const hash = await context.request({ method: 'eth_sendTransaction', params: [{ chainId, ...transaction }] })
      if (!isTransactionHash(hash)) throw new PorticoError('eth_sendTransaction: the wallet answered no transaction hash')
      return hash
    },
  }
}
