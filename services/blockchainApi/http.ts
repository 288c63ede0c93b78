import type * as v from 'valibot'
import { PorticoError } from '../../kernel/errors/base.ts'
import { ErrorText, errorRegisteringName, httpStatusError } from '../../kernel/errors/catalogue.ts'
import { CacheLifetimeMs } from '../../kernel/constants.ts'
import { HttpStatusError, type QueryParams, createHttpClient } from '../../kernel/http/httpClient.ts'
import type { PorticoStorage } from '../../kernel/storage/storage.ts'
import { parseOrThrow, safeParse } from '../../protocol/parse.ts'
import { type BlockchainApi, BlockchainApiPaths } from '../../protocol/api/contract.ts'
import { malformedAnswer } from './errors.ts'
import {
  ApiErrorSchema,
  BalancesResponseSchema,
  IdentityResponseSchema,
  NameRecordSchema,
  NameRegistrationMessageSchema,
  NameSuggestionsResponseSchema,
  NftsResponseSchema,
  ReverseNamesResponseSchema,
  TransactionsResponseSchema,
} from '../../protocol/api/schemas.ts'

export interface HttpBlockchainApiOptions {
  /** `endpoints.blockchainApi`, e.g. http://127.0.0.1:8702/ */
  readonly baseUrl: string
  /** The kit's storage, for the identity (5 min) and name (5 min) caches; none without it. */
  readonly storage?: PorticoStorage
  readonly fetch?: typeof fetch
}

const isStatus = (error: unknown, status: number) => error instanceof PorticoError && error.shortMessage === httpStatusError(status)

/**
 * The Blockchain API over HTTP (servers/api, or any server speaking its paths). Every
 * answer passes its schema: a malformed one, or one that is not JSON, rejects with
 * 'The Blockchain API sent an answer Portico cannot read'; a non-OK status rejects with
 * 'HTTP status code: N'. Identity and names are cached 5 min in the kit's storage.
 *
 * @example
 * const api = createHttpBlockchainApi({ baseUrl: 'http://127.0.0.1:8702/' })
 * const { data, next } = await api.transactions({ address, chainId: 'eip155:31337' })
 */
export function createHttpBlockchainApi({ baseUrl, storage, fetch }: HttpBlockchainApiOptions): BlockchainApi {
  const http = createHttpClient(baseUrl, fetch)

  const get = async <S extends v.GenericSchema>(
    schema: S,
    what: string,
    path: string,
    params?: QueryParams,
    signal?: AbortSignal,
    cache?: RequestCache,
  ): Promise<v.InferOutput<S>> => {
    let answer: unknown
    try {
      answer = await http.get({ path, params, signal, ...(cache ? { cache } : {}) })
    } catch (error) {
      if (error instanceof SyntaxError) throw malformedAnswer(what, 'not JSON', error)
      throw error
    }
    return parseOrThrow(schema, answer, (issue) => malformedAnswer(what, issue))
  }

  /** A value from a 5 min cache (re-checked against its schema: storage is untrusted), else fetched and kept. */
  const cached = async <S extends v.GenericSchema>(
    name: 'ensCache' | 'identityCache',
    id: string,
    schema: S,
    fetchValue: () => Promise<v.InferOutput<S>>,
  ): Promise<v.InferOutput<S>> => {
    const lifetime = name === 'ensCache' ? CacheLifetimeMs.ens : CacheLifetimeMs.identity
    const hit = safeParse(schema, storage?.getCached(name, id, lifetime))
    if (hit !== undefined) return hit
    const value = await fetchValue()
    storage?.setCached(name, id, value as never)
    return value
  }

  /** The message a refusal's body gives (ApiErrorSchema), if it is one. */
  const apiReason = (error: unknown): string | undefined => {
    if (!(error instanceof HttpStatusError)) return undefined
    try {
      return safeParse(ApiErrorSchema, JSON.parse(error.body))?.message
    } catch {
      return undefined
    }
  }

  /** The spec's name errors wrap what went wrong; a malformed answer stays visible as the cause. */
  const nameError = (text: string, error: unknown) => new PorticoError(text, { details: error instanceof Error ? error.message : String(error), cause: error })

  return {
    capabilities: { history: true, nfts: true, names: true, identity: true },

    async balances({ address, chainId, signal }) {
      const path = BlockchainApiPaths.balances(address)
      return (await get(BalancesResponseSchema, 'balances', path, { chainId, currency: 'usd' }, signal)).balances
    },

    transactions({ address, chainId, cursor, onramp, signal }) {
      const path = BlockchainApiPaths.transactions(address)
      // SPEC §7: Coinbase's purchases are asked with no-cache, so one just made shows at once.
      return get(TransactionsResponseSchema, 'transactions', path, { chainId, cursor, onramp }, signal, onramp === 'coinbase' ? 'no-cache' : undefined)
    },

    nfts({ address, chainId, cursor, signal }) {
      return get(NftsResponseSchema, 'NFTs', BlockchainApiPaths.nfts(address), { chainId, cursor }, signal)
    },

    identity({ address, chainId, signal }) {
      return cached('identityCache', `${chainId}:${address}`, IdentityResponseSchema, () =>
        get(IdentityResponseSchema, 'identity', BlockchainApiPaths.identity(address), { chainId }, signal),
      )
    },

    async lookupName(name, signal) {
      try {
        return await cached('ensCache', `name:${name}`, NameRecordSchema, () => get(NameRecordSchema, 'lookupName', BlockchainApiPaths.lookupName(name), undefined, signal))
      } catch (error) {
        // 404 is the API's "no such name", not a failure.
        if (isStatus(error, 404)) return undefined
        // SPEC §8: 'Error resolving name', otherwise the first reason text from the API.
        throw nameError(apiReason(error) ?? ErrorText.ERROR_RESOLVING_NAME, error)
      }
    },

    async reverseLookup(address, signal) {
      try {
        return await cached('ensCache', `reverse:${address}`, ReverseNamesResponseSchema, () =>
          get(ReverseNamesResponseSchema, 'reverseLookup', BlockchainApiPaths.reverseLookup(address), undefined, signal),
        )
      } catch (error) {
        throw nameError(ErrorText.ERROR_FETCHING_NAMES_FOR_ADDRESS, error)
      }
    },

    async suggestNames(name, signal) {
      try {
        const path = BlockchainApiPaths.suggestNames(name)
        return (await get(NameSuggestionsResponseSchema, 'suggestNames', path, undefined, signal)).suggestions
      } catch (error) {
        throw nameError(ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS, error)
      }
    },

    async registerName(registration, signal) {
      // The name is read back from what was signed, for the error text; the server checks the rest.
      let name = ''
      try {
        name = safeParse(NameRegistrationMessageSchema, JSON.parse(registration.message))?.name ?? ''
      } catch {
        // not JSON: the server refuses it with its reason
      }
      try {
        const answer = await http.post({ path: BlockchainApiPaths.registerName(), body: registration, signal })
        const record = parseOrThrow(NameRecordSchema, answer, (issue) => malformedAnswer('registerName', issue))
        // A name just registered must not be answered from a cached "no such name".
        storage?.remove('ensCache')
        return record
      } catch (error) {
        throw new PorticoError(errorRegisteringName(name), { details: apiReason(error) ?? (error instanceof Error ? error.message : String(error)), cause: error })
      }
    },
  }
}
