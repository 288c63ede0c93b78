import * as v from 'valibot'
import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'

const HexData = v.pipe(
  v.string(),
  v.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x hex bytes'),
  v.transform((text) => text as Hex),
)
const Quantity = v.pipe(
  v.string(),
  v.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, 'must be a 0x hex quantity'),
  v.transform((text) => BigInt(text)),
)
/** A 20-byte address in any case, checksummed: what the policy compares senders by. */
export const AddressSchema = v.pipe(
  v.string(),
  v.check((text) => isAddress(text, { strict: false }), 'must be a 0x address of 20 bytes'),
  v.transform((text) => getAddress(text) as Address),
)
/** uint128: the fields the EntryPoint packs two to a word. */
const Uint128 = v.pipe(Quantity, v.maxValue(2n ** 128n - 1n, 'must fit in 128 bits'))

/** An EntryPoint v0.7 user operation as ERC-7677 sends it (gas fields may still be 0x0 when stub data is asked for). */
export const UserOperationSchema = v.object({
  sender: AddressSchema,
  nonce: Quantity,
  factory: v.optional(AddressSchema),
  factoryData: v.optional(HexData),
  callData: HexData,
  callGasLimit: Uint128,
  verificationGasLimit: Uint128,
  preVerificationGas: Quantity,
  maxFeePerGas: Uint128,
  maxPriorityFeePerGas: Uint128,
  paymasterVerificationGasLimit: v.optional(Uint128),
  paymasterPostOpGasLimit: v.optional(Uint128),
})
export type UserOperationInput = v.InferOutput<typeof UserOperationSchema>

/** ERC-7677's params for both methods: [userOp, entryPoint, chainId, context]. Only EntryPoint v0.7 is served. */
export const PaymasterParamsSchema = v.union([
  v.strictTuple([UserOperationSchema, AddressSchema, Quantity]),
  v.strictTuple([UserOperationSchema, AddressSchema, Quantity, v.unknown()]),
])

export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/** One JSON-RPC 2.0 call (no batches: a wallet sends one call per request). */
export const RpcRequestSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: v.union([v.string(), v.number(), v.null()]),
  method: v.string(),
  params: v.optional(v.unknown()),
})

/** The EntryPoint v0.7 at its canonical address: the one eth-infinitism's VerifyingPaymaster 0.7.0 is built for. */
export const isServedEntryPoint = (address: Address) => address === entryPoint07Address
