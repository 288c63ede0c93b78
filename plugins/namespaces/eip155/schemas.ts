import * as v from 'valibot'
import { isEvmAddress, withEvmPrefix } from '../../../kernel/validation/address.ts'

/**
 * Schemas for everything a wallet or a page hands us. Inbound data is untrusted;
 * it passes a schema before it touches state.
 */

/** The part of EIP-1193 the adapter uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** Any object (or callable) with a `request` function counts as an EIP-1193 provider. */
export const ProviderSchema = v.custom<Eip1193Provider>(
  (value) => (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { request?: unknown }).request === 'function',
  'must be an EIP-1193 provider with a request function',
)

/** An EVM address by the kernel's one rule (optional 0x, 40 hex digits, any case), given back with its 0x. */
export const AddressSchema = v.pipe(
  v.string(),
  v.check((address: string) => isEvmAddress(address), 'must be an EVM address: an optional 0x and 40 hex digits'),
  v.transform(withEvmPrefix),
)

export const AddressListSchema = v.array(AddressSchema)

/** `eth_chainId` answers a hex quantity; a chain id must be a positive safe integer. */
export const ChainIdHexSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be a hex chain id such as 0x1'),
  v.transform((hex) => Number.parseInt(hex, 16)),
  v.minValue(1, 'must be above zero'),
)

/**
 * `chainChanged` payloads: EIP-1193 says hex, but some wallets emit a number or
 * a decimal string, so those are accepted too.
 */
export const ChainChangedSchema = v.union([
  ChainIdHexSchema,
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
])

const Text = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))

/** An `eip6963:announceProvider` detail (EIP-6963). Extra fields are ignored. */
export const AnnouncementSchema = v.object({
  info: v.object({
    uuid: Text,
    name: Text,
    // rdns becomes the connector id and is stored; keep it to reverse-DNS characters.
    rdns: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/, 'must be a reverse-DNS name'), v.maxLength(200)),
    icon: v.optional(v.unknown()),
  }),
  provider: ProviderSchema,
})

export type Announcement = v.InferOutput<typeof AnnouncementSchema>
