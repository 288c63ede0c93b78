import * as v from 'valibot'
import { isSolanaAddress } from '../../../kernel/index.ts'

/**
 * Schemas for everything a Solana wallet or the host app hands the plugin.
 * Inbound data is untrusted; it passes a schema before it touches state.
 */

const isFunction = (value: unknown) => typeof value === 'function'
const fn = v.custom<(...args: any[]) => any>(isFunction, 'must be a function')
const Text = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))

/** Solana address: base58, 32 to 44 characters. */
export const SolanaAddressSchema = v.pipe(
  v.string(),
  v.check((address: string) => isSolanaAddress(address), 'must be a base58 address of 32 to 44 characters'),
)

/** A Wallet Standard account as far as Portico reads it. */
export const StandardAccountSchema = v.object({
  address: SolanaAddressSchema,
  chains: v.optional(v.array(v.string()), []),
})

/** The part of a Wallet Standard wallet discovery reads: a name, chains and a feature record. */
export const StandardWalletSchema = v.object({
  name: Text,
  icon: v.optional(v.unknown()),
  chains: v.array(v.string()),
  features: v.record(v.string(), v.unknown()),
})

/** `standard:connect` answers `{ accounts }`. */
export const ConnectOutputSchema = v.object({ accounts: v.array(v.unknown()) })

const Bytes = v.instance(Uint8Array)
/** An ed25519 signature: 64 bytes. */
const Signature = v.pipe(Bytes, v.length(64, 'must be a 64-byte signature'))

export const SignMessageOutputSchema = v.pipe(v.array(v.object({ signature: Signature })), v.minLength(1))
export const SignTransactionOutputSchema = v.pipe(v.array(v.object({ signedTransaction: Bytes })), v.minLength(1))
export const SignAndSendOutputSchema = v.pipe(v.array(v.object({ signature: Signature })), v.minLength(1))

/** A legacy injected provider (`window.phantom.solana`, `window.solana`). */
export const LegacyProviderSchema = v.looseObject({
  connect: fn,
  disconnect: v.optional(fn),
  signMessage: v.optional(fn),
  signTransaction: v.optional(fn),
  signAndSendTransaction: v.optional(fn),
  on: v.optional(fn),
  off: v.optional(fn),
  removeListener: v.optional(fn),
})
export type LegacySolanaProvider = v.InferOutput<typeof LegacyProviderSchema>

/** What a legacy provider's connect resolves with: `{ publicKey }` (a PublicKey or a string). */
export const LegacyConnectOutputSchema = v.object({
  publicKey: v.pipe(
    v.custom<{ toString(): string }>((value) => value !== null && value !== undefined, 'must be a public key'),
    v.transform((key) => String(key)),
    SolanaAddressSchema,
  ),
})

export const LegacySignatureOutputSchema = v.object({ signature: Signature })
/** A base58 transaction signature (64 bytes: 64 to 88 characters). */
export const LegacySendOutputSchema = v.object({
  signature: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 signature')),
})

/** The preflight commitments a sign-and-send may name. */
export const PREFLIGHT_COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'] as const

const Count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * Solana sign-and-send options. Strict: a misspelt option is an error,
 * not silently ignored.
 */
export const SolanaSendOptionsSchema = v.strictObject({
  skipPreflight: v.optional(v.boolean()),
  preflightCommitment: v.optional(v.picklist(PREFLIGHT_COMMITMENTS)),
  maxRetries: v.optional(Count),
  minContextSlot: v.optional(Count),
})
export type SolanaSendOptions = v.InferOutput<typeof SolanaSendOptionsSchema>
