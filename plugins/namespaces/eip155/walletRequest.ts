import type * as v from 'valibot'
import type { Connector } from '../../../kernel/index.ts'
import { invalidAnswer, parseOrThrow, toWalletError, WalletError } from '../../../kernel/wallets/index.ts'
import { Eip155ErrorText } from './errors.ts'
import { type Eip1193Provider, ProviderSchema } from './schemas.ts'

/** The connector's EIP-1193 provider, or a clear error when it has none. */
export function providerOf(connector: Connector): Eip1193Provider {
  return parseOrThrow(ProviderSchema, connector.provider, () => new WalletError(Eip155ErrorText.NO_PROVIDER, { method: 'request', details: connector.name }))
}

/**
 * Sends one request to a wallet. Whatever the wallet throws becomes a
 * WalletError (4001 reads "rejected"); an answer that fails `schema`
 * becomes an INVALID_ANSWER error instead of reaching state.
 *
 * @example
 * const accounts = await walletRequest(provider, 'eth_accounts', undefined, AddressListSchema)
 */
export async function walletRequest<S extends v.GenericSchema>(provider: Eip1193Provider, method: string, params: unknown, schema: S): Promise<v.InferOutput<S>> {
  let answer: unknown
  try {
    answer = await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw toWalletError(error, method)
  }
  return parseOrThrow(schema, answer, (issue) => invalidAnswer(method, issue))
}
