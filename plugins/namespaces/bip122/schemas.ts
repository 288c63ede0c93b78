import * as v from 'valibot'

/**
 * Schemas for what Bitcoin wallets and the host app's RPC calls hand the plugin
 * (inbound data is untrusted). Payload shapes follow the bip122
 * JSON-RPC methods (each RPC method has its own payload shape).
 */

const Text = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))
/** A Bitcoin address as wallets give it: bech32(m) or base58, no spaces. */
export const BitcoinAddressSchema = v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{14,90}$/, 'must be a Bitcoin address'))
const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'))
const Bytes = v.instance(Uint8Array)

export const BitcoinWalletSchema = v.object({
  name: Text,
  icon: v.optional(v.unknown()),
  chains: v.array(v.string()),
  features: v.record(v.string(), v.unknown()),
})

export const BitcoinAccountSchema = v.object({
  address: BitcoinAddressSchema,
  publicKey: v.optional(Bytes),
})

export const ConnectOutputSchema = v.object({ accounts: v.array(v.unknown()) })
export const SignMessageOutputSchema = v.pipe(v.array(v.object({ signature: Bytes })), v.minLength(1))
export const SignTransactionOutputSchema = v.pipe(v.array(v.object({ signedPsbt: Bytes })), v.minLength(1))
export const SignAndSendOutputSchema = v.pipe(v.array(v.object({ txId: v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'must be a transaction id')) })), v.minLength(1))
/** Sats Connect `request()` answers `{ status: 'success', result }` or `{ status: 'error', error }`. */
export const SatsConnectAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('success'), result: v.unknown() }),
  v.object({ status: v.literal('error'), error: v.optional(v.looseObject({ message: v.optional(v.string()), code: v.optional(v.number()) })) }),
])
export const SatsTransferResultSchema = v.object({ txid: v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/)) })

/** `signMessage` params: the message and the address that signs it. */
export const SignMessageParamsSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(100_000)),
  address: BitcoinAddressSchema,
})

/** `sendTransfer` params: amount in satoshis (a positive integer string), optional OP_RETURN memo (hex). */
export const SendTransferParamsSchema = v.object({
  account: BitcoinAddressSchema,
  recipientAddress: BitcoinAddressSchema,
  amount: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'must be a positive amount in satoshis')),
  memo: v.optional(v.pipe(v.string(), v.regex(/^([0-9a-fA-F]{2}){0,80}$/, 'must be hex of at most 80 bytes'))),
})

/** `signPsbt` params: a base64 PSBT, the inputs each address signs, and whether to broadcast. */
export const SignPsbtParamsSchema = v.object({
  account: v.optional(BitcoinAddressSchema),
  psbt: Base64,
  signInputs: v.array(
    v.object({
      address: BitcoinAddressSchema,
      index: v.pipe(v.number(), v.integer(), v.minValue(0)),
      sighashTypes: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0)))),
    }),
  ),
  broadcast: v.optional(v.boolean(), false),
})

export const GetAccountAddressesParamsSchema = v.optional(v.object({ account: v.optional(BitcoinAddressSchema), intentions: v.optional(v.array(v.string())) }))
