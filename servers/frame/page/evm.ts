import * as v from 'valibot'
import { type Hex, type LocalAccount, bytesToHex, hexToString, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { RowLabel } from './approvalText.ts'
import { describeTypedData } from './decode/typedData.ts'
import { type FrameNetwork, type SigningRequest, UNKNOWN_ADDRESS } from './signing.ts'

const HexString = v.custom<Hex>((value) => typeof value === 'string' && isHex(value), 'must be hex')
const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'))
const Quantity = v.optional(HexString)
const PersonalSign = v.tuple([HexString, Address])
const TypedDataParams = v.tuple([Address, v.union([v.string(), v.record(v.string(), v.unknown())])])
const TypedData = v.object({
  domain: v.optional(v.record(v.string(), v.unknown())),
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.string(),
  message: v.record(v.string(), v.unknown()),
})
const Transaction = v.tuple([
  v.object({
    from: v.optional(Address),
    to: v.optional(Address),
    value: Quantity,
    data: Quantity,
    gas: Quantity,
    gasPrice: Quantity,
    maxFeePerGas: Quantity,
    maxPriorityFeePerGas: Quantity,
    nonce: Quantity,
  }),
])

/** An eth_sendTransaction request object, checked. */
export type EvmTransaction = v.InferOutput<typeof Transaction>[0]

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A message as the visitor reads it: its text when it is UTF-8 without control characters, else its hex. */
export function readableMessage(hex: Hex): string {
  try {
    const text = hexToString(hex)
    if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {
    // not text: shown as hex below
  }
  return hex
}

/** What signs a message or typed data with the key: the EOA itself, or a smart account it owns. */
export type MessageSigner = (secret: Uint8Array) => Promise<Pick<LocalAccount, 'signMessage' | 'signTypedData'>>

const keyItself: MessageSigner = async (secret) => privateKeyToAccount(bytesToHex(secret))

/**
 * personal_sign, eth_signTypedData_v4, eth_sendTransaction and wallet_sendCalls, checked against
 * this account (a transaction is completed from the network's node before it is shown).
 */
export async function evmSigningRequest(
  method: string,
  params: unknown,
  network: FrameNetwork,
  address: string,
  signer: MessageSigner = keyItself,
): Promise<SigningRequest | undefined> {
  const own = (claimed: string | undefined) => {
    if (claimed !== undefined && !sameAddress(claimed, address)) throw new Error(UNKNOWN_ADDRESS)
  }
  if (method === 'personal_sign') {
    const [message, from] = v.parse(PersonalSign, params)
    own(from)
    return {
      method,
      rows: [{ label: RowLabel.MESSAGE, value: readableMessage(message) }],
      warnings: [],
      perform: async (secret) => (await signer(secret)).signMessage({ message: { raw: message } }),
    }
  }
  if (method === 'eth_signTypedData_v4') {
    const [from, json] = v.parse(TypedDataParams, params)
    own(from)
    const typed = v.parse(TypedData, typeof json === 'string' ? JSON.parse(json) : json)
    const { EIP712Domain: _domainType, ...types } = typed.types
    return {
      method,
      ...describeTypedData(typed, Number(network.caipNetworkId.split(':')[1])),
      perform: async (secret) => (await signer(secret)).signTypedData({ domain: typed.domain as never, types, primaryType: typed.primaryType, message: typed.message }),
    }
  }
  if (method === 'eth_sendTransaction') {
    const [tx] = v.parse(Transaction, params)
    own(tx.from)
    // The transaction machinery (node, fees, nonce, the call decoder) loads only when a transaction is asked for.
    const { transactionRequest } = await import('./evmTransaction.ts')
    return transactionRequest(network, address as Hex, tx)
  }
  if (method === 'wallet_sendCalls') {
    const { eoaCallsRequest } = await import('./evmCalls.ts')
    return eoaCallsRequest(params, network, address as Hex)
  }
  return undefined
}
