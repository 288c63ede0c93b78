import * as v from 'valibot'

/** The Connect view's own section: the wallet list. Plugins contribute the others. */
export const WALLET_LIST_METHOD = 'wallet'

/**
 * The flags the kernel itself reads. Every other key under `features` belongs to a
 * plugin, which defines and validates it (see `PluginFlag`).
 */
export const CoreFeaturesSchema = v.object({
  /** Sends bus events to `endpoints.analytics` while on; nothing is sent without an endpoint. */
  analytics: v.optional(v.boolean(), true),
  /**
   * A checkbox above the Connect view's controls ("I agree to the Terms and the Privacy
   * Policy", linking `termsConditionsUrl` and `privacyPolicyUrl`): nothing connects until it
   * is checked, and the choice is remembered for those documents. Off by default (SPEC §9).
   */
  legalCheckbox: v.optional(v.boolean(), false),
  /** The Connect view's wallet list behind one "Continue with a wallet" button. Off by default (SPEC §9). */
  collapseWallets: v.optional(v.boolean(), false),
  /** Overrides the default connect-method order; `wallet` and the ids of contributed sections. */
  connectMethodsOrder: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.minLength(1))),
      v.check((list) => new Set(list).size === list.length, 'must not repeat a method'),
    ),
  ),
})

export type CoreFeatures = v.InferOutput<typeof CoreFeaturesSchema>

/**
 * What an integrator writes under `features`: the core flags, and the flags of the
 * plugins they list (each plugin validates its own when the kit is created).
 */
export type FeatureOptions = v.InferInput<typeof CoreFeaturesSchema> & { readonly [flag: string]: unknown }

/** Every flag after parsing: core flags typed, plugin flags as their plugin's schema gave them. */
export type Features = CoreFeatures & { readonly [flag: string]: unknown }

/**
 * A flag a plugin owns under `features`, with its schema and default. A flag that is
 * set explicitly while its plugin is absent is a config error; one that is on only by
 * default is simply off then.
 *
 * @example
 * const EmailFlag = definePluginFlag({ name: 'email', schema: v.boolean(), default: true })
 */
export interface PluginFlag<T = unknown> {
  readonly name: string
  readonly schema: v.GenericSchema<unknown, T>
  readonly default: T
}

export function definePluginFlag<T>(flag: PluginFlag<T>): PluginFlag<T> {
  return flag
}

/** A flag's value counts as on when it is `true` or a non-empty list (e.g. a list of providers). */
export function isFlagOn(features: Features, name: string): boolean {
  const value = features[name]
  return value === true || (Array.isArray(value) && value.length > 0)
}
