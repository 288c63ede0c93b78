import * as v from 'valibot'
import { DEFAULT_FEATURES, DEFAULT_SOCIALS, SOCIAL_PROVIDERS } from '../constants.ts'

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

const flag = (fallback: boolean) => v.optional(v.boolean(), fallback)

/** Feature flags (SPEC §6, defaults SPEC §9). */
export const FeaturesSchema = v.object({
  swaps: flag(DEFAULT_FEATURES.swaps),
  onramp: flag(DEFAULT_FEATURES.onramp),
  receive: flag(DEFAULT_FEATURES.receive),
  send: flag(DEFAULT_FEATURES.send),
  email: flag(DEFAULT_FEATURES.email),
  emailShowWallets: flag(DEFAULT_FEATURES.emailShowWallets),
  history: flag(DEFAULT_FEATURES.history),
  analytics: flag(DEFAULT_FEATURES.analytics),
  allWallets: flag(DEFAULT_FEATURES.allWallets),
  legalCheckbox: flag(DEFAULT_FEATURES.legalCheckbox),
  smartSessions: flag(DEFAULT_FEATURES.smartSessions),
  collapseWallets: flag(DEFAULT_FEATURES.collapseWallets),
  /** `false` turns social login off; a list picks the providers and their order. */
  socials: v.optional(
    v.union([v.literal(false), v.array(v.picklist([...SOCIAL_PROVIDERS, 'farcaster']))]),
    () => [...DEFAULT_SOCIALS],
  ),
  /** Overrides the default connect-method order (SPEC §2). */
  connectMethodsOrder: v.optional(
    v.pipe(
      v.array(v.picklist(CONNECT_METHODS)),
      v.check((list) => new Set(list).size === list.length, 'must not repeat a method'),
    ),
  ),
})

export type Features = v.InferOutput<typeof FeaturesSchema>
/** The boolean feature flags a plugin can be gated by. */
export type FeatureFlag = {
  [K in keyof Features]-?: Features[K] extends boolean ? K : never
}[keyof Features]
