import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { CAIP2_PATTERN } from '../../protocol/caip.ts'
import type { ApiContext } from './context.ts'
import type { ChainSource } from './indexer/source.ts'

/** A refused request: its status, a reason code for programs and a message for people (protocol/api ApiErrorSchema). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly reason: string,
    message: string,
  ) {
    super(message)
  }
}

/** `chainId` -> `BAD_CHAIN_ID`: the reason names the field that was wrong. */
const reasonFor = (key: string) => `BAD_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`

/** The query string through `schema`; the first problem is a 400 naming its field. Unknown parameters are ignored. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query())
  if (result.success) return result.output
  const issue = result.issues[0]
  const key = issue.path?.map((item) => String(item.key)).join('.') ?? 'query'
  throw new ApiError(400, reasonFor(key), `${key}: ${issue.message}`)
}

/** A path parameter through `schema`, or a 400 with `reason`. */
export function readParam<S extends v.GenericSchema>(c: Context, name: string, schema: S, reason: string): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.param(name))
  if (result.success) return result.output
  throw new ApiError(400, reason, `${name}: ${result.issues[0].message}`)
}

/** CAIP-2, the pattern of protocol/api's schemas. */
export const ChainIdField = v.pipe(v.string('is required'), v.regex(CAIP2_PATTERN, 'must be a CAIP-2 network id such as eip155:1'))

/** The source of a network this server indexes, or a 400 UNSUPPORTED_CHAIN (a well-formed id of a network it does not index). */
export function sourceOf(context: ApiContext, chainId: string): ChainSource {
  const source = context.sources.get(chainId)
  if (!source) throw new ApiError(400, 'UNSUPPORTED_CHAIN', `chainId: ${chainId} is not indexed by this server (it indexes ${[...context.sources.keys()].join(', ')})`)
  return source
}

/** The `address` path parameter in the network's canonical form, or a 400 BAD_ADDRESS. */
export function addressOn(c: Context, source: ChainSource): string {
  const raw = readParam(c, 'address', v.pipe(v.string(), v.maxLength(128, 'is too long')), 'BAD_ADDRESS')
  const address = source.normalizeAddress(raw)
  if (address === undefined) throw new ApiError(400, 'BAD_ADDRESS', `address: "${raw}" is not an address on ${source.chainId}`)
  return address
}
