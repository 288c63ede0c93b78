// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The on-ramp providers' fee ranges in percent and the namespaces each serves (SPEC §9). */
export const FeeRangePercent = {
  coinbase: { min: 1, max: 2, namespaces: ['eip155'] },
  meld: { min: 1, max: 2, namespaces: ['eip155', 'solana'] },
} as const

/** The on-ramp providers (SPEC §9 fee ranges): Coinbase on eip155, Meld on eip155 and solana. */
export type OnRampProviderId = keyof typeof FeeRangePercent

/** The view listing the providers; the Account view's Buy button opens it. */
export const ONRAMP_PROVIDERS_VIEW = 'OnRampProviders'

/** One offered provider, as the body gets it. */
export interface OnRampProvider {
  readonly id: OnRampProviderId
  readonly url: string
  readonly key?: string
}

export interface ParsedOnRampOptions {
  readonly providers: readonly OnRampProvider[]
  readonly presetAmount?: number
}
