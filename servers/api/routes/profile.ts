import type { Hono } from 'hono'
import * as v from 'valibot'
import type { IdentityResponse, NameRecord, NameSuggestionsResponse } from '../../../protocol/api/schemas.ts'
import type { ApiContext } from '../context.ts'
import { ApiError, ChainIdField, readParam, readQuery } from '../http.ts'
import { namesOf, recordOf, registerName, suggestNames } from '../names/registry.ts'
import { readRegistration } from '../names/registration.ts'

/** A name as asked for: what any registered name could be, before the registry is read. */
const Name = v.pipe(v.string(), v.minLength(1, 'is empty'), v.maxLength(255, 'is too long'), v.regex(/^[\p{L}\p{N}._-]+$/u, 'may hold letters, digits, ".", "_" and "-" only'))
/** Any chain's address: 0x hex (eip155) or base58 (solana). */
const AnyAddress = v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'is not an address'))

/**
 * Names and identity. Names live in the registry (names/registry.ts): registered with the
 * account's signature (POST), looked up by name, by address, and suggested while a visitor
 * types. Identity (ENS-style name and avatar of any address) has no source here yet: it
 * answers the registry's primary name for the address, and no avatar.
 */
export function profileRoutes(app: Hono, context: ApiContext): void {
  // The registry is not bound to the chains this server indexes: identity answers for any
  // network (null when no name), so a kit on a network the server does not index learns
  // "no name" rather than an error.
  app.get('/v1/identity/:address', async (c) => {
    readQuery(c, v.object({ chainId: ChainIdField }))
    const address = readParam(c, 'address', AnyAddress, 'BAD_ADDRESS')
    const [primary] = await namesOf(context.db, address)
    const body: IdentityResponse = { name: primary?.name ?? null, avatar: null }
    return c.json(body)
  })
  app.get('/v1/profile/account/:name', async (c) => {
    const name = readParam(c, 'name', Name, 'BAD_NAME')
    const record = await recordOf(context.db, name)
    if (!record) throw new ApiError(404, 'NOT_FOUND', `No account is registered under "${name}"`)
    const body: NameRecord = record
    return c.json(body)
  })
  app.post('/v1/profile/account', async (c) => {
    const registration = await readRegistration(c, context)
    const body: NameRecord = await registerName(context.db, registration)
    return c.json(body, 201)
  })
  app.get('/v1/profile/reverse/:address', async (c) => {
    const address = readParam(c, 'address', AnyAddress, 'BAD_ADDRESS')
    const body: NameRecord[] = await namesOf(context.db, address)
    return c.json(body)
  })
  app.get('/v1/profile/suggestions/:name', async (c) => {
    const name = readParam(c, 'name', Name, 'BAD_NAME')
    const body: NameSuggestionsResponse = { suggestions: await suggestNames(context.db, name) }
    return c.json(body)
  })
}
