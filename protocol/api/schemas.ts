import * as v from 'valibot'
import { CAIP2_PATTERN } from '../caip.ts'

/**
 * The wire format of Portico's Blockchain API (servers/api serves it, the HTTP client
 * reads it). One schema per answer: the client parses every answer with it, and the
 * server's tests parse what it serves with the same schema, so the two cannot drift.
 * Amounts are decimal strings (no float rounding of token quantities); prices and
 * dollar values are numbers, since they are only ever displayed.
 */

const CaipNetworkIdSchema = v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'a CAIP-2 network id'))
const DecimalString = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'a decimal amount'))
const IsoDate = v.pipe(v.string(), v.isoTimestamp())

/**
 * A text the modal shows that anyone can write on a chain (a token's or an NFT's name): cut
 * at `max` characters (code points, never half a surrogate pair), so that a spam token with
 * a megabyte name costs the page no more than a long name, and one long name cannot make a
 * whole answer unreadable.
 */
const shownText = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((text) => (text.length > max ? Array.from(text).slice(0, max).join('') : text)),
  )
/** Names of tokens, NFTs and collections. */
const ShownName = shownText(128)
/** Token and collection symbols (ERC20 has no limit; real ones are a dozen characters). */
const ShownSymbol = shownText(64)
/**
 * An account's name (registered, or an identity's): refused beyond 255 characters, the
 * longest DNS name, rather than cut, since a cut name would be someone else's.
 */
const AccountName = v.pipe(v.string(), v.maxLength(255, 'is longer than 255 characters'))

/** A fungible balance, with its dollar price (0 where the price source has none). */
export const TokenBalanceSchema = v.object({
  name: ShownName,
  symbol: ShownSymbol,
  chainId: CaipNetworkIdSchema,
  /** The token's contract or mint; absent for the native token. */
  address: v.optional(v.string()),
  /** quantity × price, in dollars. */
  value: v.number(),
  price: v.number(),
  quantity: v.object({ decimals: v.pipe(v.string(), v.regex(/^\d+$/)), numeric: DecimalString }),
  iconUrl: v.string(),
})

/** GET /v1/balance/{address}?chainId=&currency=usd */
export const BalancesResponseSchema = v.object({ balances: v.array(TokenBalanceSchema) })

export const OperationTypeSchema = v.picklist([
  'send',
  'receive',
  'deposit',
  'withdraw',
  'borrow',
  'repay',
  'claim',
  'burn',
  'mint',
  'trade',
  'approve',
  'execute',
  // An on-ramp purchase arriving: the provider's delivery to the account.
  'buy',
])

export const TransferSchema = v.object({
  direction: v.picklist(['in', 'out', 'self']),
  fungible_info: v.optional(
    v.object({
      name: ShownName,
      symbol: ShownSymbol,
      icon: v.optional(v.object({ url: v.string() })),
    }),
  ),
  nft_info: v.optional(
    v.object({
      name: v.optional(ShownName),
      content: v.optional(v.object({ preview: v.optional(v.object({ url: v.string() })) })),
      flags: v.object({ is_spam: v.boolean() }),
    }),
  ),
  quantity: v.object({ numeric: DecimalString, decimals: v.pipe(v.string(), v.regex(/^\d+$/)) }),
  /** Dollar value at the time of the transfer, when the price source knew it. */
  value: v.optional(v.number()),
  price: v.optional(v.number()),
})

export const TransactionSchema = v.object({
  /** Unique per transfer set: `{chain}:{hash}` for a whole transaction. */
  id: v.string(),
  metadata: v.object({
    operationType: OperationTypeSchema,
    hash: v.string(),
    minedAt: IsoDate,
    sentFrom: v.string(),
    sentTo: v.string(),
    status: v.picklist(['confirmed', 'failed', 'pending']),
    nonce: v.optional(v.number()),
    chain: CaipNetworkIdSchema,
  }),
  transfers: v.array(TransferSchema),
})

/**
 * GET /v1/account/{address}/history?chainId=&cursor=&onramp=
 * Newest first. `next` is an opaque cursor for the following page, null on the last.
 */
export const TransactionsResponseSchema = v.object({
  data: v.array(TransactionSchema),
  next: v.nullable(v.string()),
})

/** GET /v1/identity/{address}?chainId= */
export const IdentityResponseSchema = v.object({
  name: v.nullable(AccountName),
  avatar: v.nullable(v.string()),
})

export const NameAddressSchema = v.object({
  /** CAIP-2 network id the address is on. */
  chainId: v.string(),
  address: v.string(),
  created: v.optional(IsoDate),
})

/** GET /v1/profile/account/{name}: the name's record (404 when none). */
export const NameRecordSchema = v.object({
  name: AccountName,
  addresses: v.record(v.string(), NameAddressSchema),
  attributes: v.optional(v.record(v.string(), v.string())),
})

/** GET /v1/profile/reverse/{address}: the names pointing at an address, primary first. */
export const ReverseNamesResponseSchema = v.array(NameRecordSchema)

/**
 * What the visitor signs to register a name (SPEC §7): JSON of the name, its attributes and
 * the time in seconds, so a signature registers this name for this account, once, recently.
 */
export const NameRegistrationMessageSchema = v.object({
  name: v.string(),
  attributes: v.record(v.string(), v.string()),
  timestamp: v.pipe(v.number(), v.integer('is whole seconds'), v.minValue(0)),
})

/** POST /v1/profile/account: 201 with the NameRecord; 409 when the name is taken. */
export const NameRegistrationSchema = v.object({
  /** ENSIP-11 coin type of the account's chain: 60 for Ethereum, 0x80000000 | chainId for other EVM chains. */
  coinType: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)),
  address: v.string(),
  /** The account's personal_sign of `message`. */
  signature: v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'is 0x and an even number of hex digits')),
  /** NameRegistrationMessageSchema, as JSON text: exactly what was signed. */
  message: v.pipe(v.string(), v.maxLength(4096, 'is too long')),
})

/** GET /v1/profile/suggestions/{name} */
export const NameSuggestionsResponseSchema = v.object({
  suggestions: v.array(v.object({ name: AccountName, registered: v.boolean() })),
})

export const NftSchema = v.object({
  chainId: CaipNetworkIdSchema,
  /** The collection's contract. */
  address: v.string(),
  tokenId: v.pipe(v.string(), v.regex(/^\d+$/)),
  collection: v.object({ name: ShownName, symbol: ShownSymbol }),
  /** From the token's metadata when the indexer could read it. */
  name: v.optional(ShownName),
  imageUrl: v.optional(v.string()),
  flags: v.object({ is_spam: v.boolean() }),
})

/** GET /v1/account/{address}/nfts?chainId=&cursor= : what the account holds now. */
export const NftsResponseSchema = v.object({ data: v.array(NftSchema), next: v.nullable(v.string()) })

/** The answer to a refused request (4xx): a reason code and its text. */
export const ApiErrorSchema = v.object({ reason: v.string(), message: shownText(500) })

export type TokenBalance = v.InferOutput<typeof TokenBalanceSchema>
export type BalancesResponse = v.InferOutput<typeof BalancesResponseSchema>
export type OperationType = v.InferOutput<typeof OperationTypeSchema>
export type Transfer = v.InferOutput<typeof TransferSchema>
export type Transaction = v.InferOutput<typeof TransactionSchema>
export type TransactionsResponse = v.InferOutput<typeof TransactionsResponseSchema>
export type Nft = v.InferOutput<typeof NftSchema>
export type NftsResponse = v.InferOutput<typeof NftsResponseSchema>
export type IdentityResponse = v.InferOutput<typeof IdentityResponseSchema>
export type NameRecord = v.InferOutput<typeof NameRecordSchema>
export type NameSuggestionsResponse = v.InferOutput<typeof NameSuggestionsResponseSchema>
export type NameRegistrationMessage = v.InferOutput<typeof NameRegistrationMessageSchema>
export type NameRegistration = v.InferOutput<typeof NameRegistrationSchema>
export type ApiError = v.InferOutput<typeof ApiErrorSchema>
