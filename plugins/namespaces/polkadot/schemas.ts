import * as v from 'valibot'

/** What Polkadot extensions hand the plugin (inbound data is untrusted). */

const fn = v.custom<(...args: any[]) => any>((value) => typeof value === 'function', 'must be a function')

/** An SS58 address: base58, 46 to 48 characters for the common 32-byte keys (47 or 48 for Polkadot and Kusama). */
export const Ss58AddressSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{46,48}$/, 'must be an SS58 address'))

/** One entry of `window.injectedWeb3`: `{ enable(appName), version? }`. */
export const InjectedExtensionSchema = v.looseObject({ enable: fn, version: v.optional(v.string()) })

/** What `enable()` resolves with: accounts (get, subscribe) and maybe a signer. */
export const InjectedSchema = v.looseObject({
  accounts: v.looseObject({ get: fn, subscribe: v.optional(fn) }),
  signer: v.optional(v.looseObject({ signRaw: v.optional(fn) })),
})

export const InjectedAccountSchema = v.object({
  address: Ss58AddressSchema,
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  type: v.optional(v.string()),
  genesisHash: v.optional(v.nullable(v.string())),
})

export const SignRawOutputSchema = v.object({ signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/, 'must be a hex signature')) })
