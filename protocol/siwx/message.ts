import * as v from 'valibot'

/**
 * The fields of a sign-in message (CAIP-122, which EIP-4361 is the eip155 profile of).
 * Each field is limited to what its line in the text can carry, so a message that
 * passes the schema always comes back unchanged from its text.
 */
export interface SiwxMessage {
  /** The authority asking for the sign-in: host[:port]. */
  domain: string
  accountAddress: string
  /** The resource the sign-in is for (an RFC 3986 URI). */
  uri: string
  version: '1'
  /** CAIP-2: 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93'. */
  chainId: string
  /** At least 8 letters or digits, chosen by the relying party against replay. */
  nonce: string
  /** RFC 3339 date-time; written and read back as `Date.toISOString()` gives it. */
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
  /** One line of text shown to the user. */
  statement?: string
}

/** The namespaces a message can be written for, and the account name the text shows for each. */
export const SIWX_ACCOUNT_NAMES = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' } as const
export type SiwxNamespace = keyof typeof SIWX_ACCOUNT_NAMES

const hostPattern =
  /^(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+(?:[a-zA-Z]{2,63}|[xX][nN]--[a-zA-Z0-9-]{0,58}[a-zA-Z0-9])|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|localhost)(?::\d{1,5})?$/
// The characters RFC 3986 allows in a URI, a scheme first, and no incomplete %-escape.
const uriPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:[a-zA-Z0-9:/?#[\]@!$&'()*+,;=.\-_~%]*$/
const badEscape = /%(?![0-9a-fA-F]{2})/
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
// A line of the text ends at any of these (JavaScript's `.` stops there too).
const lineBreak = /[\n\r\u2028\u2029]/
const chainIdPatterns: Record<SiwxNamespace, RegExp> = {
  // At most 15 digits: the number must survive a trip through a JavaScript number.
  eip155: /^eip155:[1-9]\d{0,14}$/,
  solana: /^solana:[-_a-zA-Z0-9]{1,32}$/,
  bip122: /^bip122:[a-f0-9]{32}$/,
}
const addressPatterns: Record<SiwxNamespace, RegExp> = {
  eip155: /^0x[a-fA-F0-9]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  bip122: /^[a-zA-Z0-9]{14,90}$/,
}

/** The namespace of a CAIP-2 id, when it is one a message can be written for. */
export function siwxNamespace(chainId: string): SiwxNamespace | undefined {
  const namespace = chainId.slice(0, chainId.indexOf(':'))
  return Object.hasOwn(SIWX_ACCOUNT_NAMES, namespace) && chainIdPatterns[namespace as SiwxNamespace].test(chainId) ? (namespace as SiwxNamespace) : undefined
}

const DateTimeSchema = v.pipe(
  v.string(),
  v.regex(dateTimePattern, 'not an RFC 3339 date-time'),
  // The text holds the date as toISOString() writes it, which must still be this form (years 0000-9999).
  v.check((value) => !Number.isNaN(Date.parse(value)) && dateTimePattern.test(new Date(value).toISOString()), 'not a real date'),
)
const UriSchema = v.pipe(
  v.string(),
  v.regex(uriPattern, 'not an RFC 3986 URI'),
  v.check((value) => !badEscape.test(value), 'an incomplete %-escape'),
)
const LineSchema = v.pipe(
  v.string(),
  v.minLength(1, 'empty'),
  v.check((value) => !lineBreak.test(value), 'more than one line'),
)

export const SiwxMessageSchema = v.pipe(
  v.object({
    domain: v.pipe(v.string(), v.regex(hostPattern, 'not a host[:port]')),
    accountAddress: v.string(),
    uri: UriSchema,
    version: v.literal('1'),
    chainId: v.pipe(
      v.string(),
      v.check((value) => siwxNamespace(value) !== undefined, 'not a CAIP-2 id of eip155, solana or bip122'),
    ),
    nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/, 'not 8 or more letters and digits')),
    issuedAt: DateTimeSchema,
    expirationTime: v.optional(DateTimeSchema),
    notBefore: v.optional(DateTimeSchema),
    requestId: v.optional(LineSchema),
    // An empty list and no list would be the same text.
    resources: v.optional(v.pipe(v.array(UriSchema), v.minLength(1, 'an empty list'))),
    statement: v.optional(LineSchema),
  }),
  v.forward(
    v.check((message) => {
      const namespace = siwxNamespace(message.chainId)
      return namespace !== undefined && addressPatterns[namespace].test(message.accountAddress)
    }, "not an address of the chain's namespace"),
    ['accountAddress'],
  ),
)
