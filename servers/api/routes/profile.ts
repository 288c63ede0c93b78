import type { Hono } from 'hono'
import * as v from 'valibot'
import type { IdentityResponse, NameSuggestionsResponse, NameRecord } from '../../../kernel/api/schemas.ts'
import type { ApiContext } from '../context.ts'
import { ApiError, ChainIdField, addressOn, readParam, readQuery, sourceOf } from '../http.ts'

const Name = v.pipe(v.string(), v.minLength(1, 'is empty'), v.maxLength(255, 'is too long'), v.regex(/^[\p{L}\p{N}._-]+$/u, 'may hold letters, digits, ".", "_" and "-" only'))
/** Any chain's address: 0x hex (eip155) or base58 (solana). */
const AnyAddress = v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'is not an address'))

/**
 * Names and identity. Names come with the names issue; until then the server answers from
 * an empty registry, correctly shaped and validated like the rest: no name is registered,
 * no address has one, and there are no suggestions.
 */
export function profileRoutes(app: Hono, context: ApiContext): void {
  app.get('/v1/identity/:address', (c) => {
    const source = sourceOf(context, readQuery(c, v.object({ chainId: ChainIdField })).chainId)
    addressOn(c, source)
    const body: IdentityResponse = { name: null, avatar: null }
    return c.json(body)
  })
  app.get('/v1/profile/account/:name', (c) => {
    const name = readParam(c, 'name', Name, 'BAD_NAME')
    throw new ApiError(404, 'NOT_FOUND', `No account is registered under "${name}"`)
  })
  app.get('/v1/profile/reverse/:address', (c) => {
    readParam(c, 'address', AnyAddress, 'BAD_ADDRESS')
    const body: NameRecord[] = []
    return c.json(body)
  })
  app.get('/v1/profile/suggestions/:name', (c) => {
    readParam(c, 'name', Name, 'BAD_NAME')
    const body: NameSuggestionsResponse = { suggestions: [] }
    return c.json(body)
  })
}
