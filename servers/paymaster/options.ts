import * as v from 'valibot'
import { isHex, type Hex } from 'viem'
import { AddressSchema } from './schemas.ts'

const PositiveInteger = v.pipe(v.number(), v.integer(), v.minValue(1))

/** The integrator's options, checked once at start: a typo here would otherwise refuse (or sponsor) every operation. */
export const PaymasterOptionsSchema = v.object({
  /** The key the VerifyingPaymaster was deployed with as its `verifyingSigner` (PAYMASTER_SIGNER_KEY). */
  signerKey: v.pipe(
    v.string(),
    v.check((text) => isHex(text) && text.length === 66, 'must be a 32-byte private key in 0x hex'),
    v.transform((text) => text as Hex),
  ),
  /** Per chain id the VerifyingPaymaster (EntryPoint v0.7) to sign for; a chain not listed is never sponsored. */
  chains: v.pipe(
    v.record(v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'keys must be chain ids')), v.object({ paymaster: AddressSchema })),
    v.check((chains) => Object.keys(chains).length > 0, 'must name at least one chain'),
  ),
  /** Only these senders (smart accounts) are sponsored; absent: any sender. */
  senders: v.optional(v.array(AddressSchema)),
  /** At most this many user operations (distinct nonces) signed per sender and chain while the service runs; absent: no cap. */
  maxOperationsPerSender: v.optional(PositiveInteger),
  /**
   * The most one sponsored operation may take from the deposit, in wei (its gas limits at its
   * maxFeePerGas); absent: no ceiling. The signature covers the fees, so without one a single
   * operation with an extreme fee can pay most of the deposit to whoever bundles it.
   */
  maxWeiPerOperation: v.optional(v.pipe(v.bigint(), v.minValue(1n))),
  /** How long a signature stays valid (the paymaster's validUntil), in seconds. */
  validForSeconds: v.optional(PositiveInteger, 600),
  /** The pages that may call the service (exact origins); every call is a POST, and other origins are refused. */
  allowedOrigins: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.check((text) => URL.canParse(text) && new URL(text).origin === text, 'must be exact origins (scheme://host[:port])'),
      ),
    ),
    v.minLength(1, 'must name at least one origin'),
  ),
  /** Shown by wallets as who pays (ERC-7677's `sponsor`). */
  sponsorName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
})

export type PaymasterOptions = v.InferInput<typeof PaymasterOptionsSchema>
export type PaymasterConfig = v.InferOutput<typeof PaymasterOptionsSchema>

/** The checked options; throws a message naming each wrong field. */
export function readPaymasterOptions(options: PaymasterOptions): PaymasterConfig {
  const result = v.safeParse(PaymasterOptionsSchema, options)
  if (result.success) return result.output
  throw new Error(`paymaster options: ${result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'} ${issue.message}`).join('; ')}`)
}
