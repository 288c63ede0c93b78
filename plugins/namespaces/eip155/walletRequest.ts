import * as v from 'valibot'
import type { Connector } from '../../../kernel/index.ts'
import { WalletErrorText, WalletRequestError, toWalletError } from './errors.ts'
import { type Eip1193Provider, ProviderSchema } from './schemas.ts'

/** The connector's EIP-1193 provider, or a clear error when it has none. */
export function providerOf(connector: Connector): Eip1193Provider {
  const result = v.safeParse(ProviderSchema, connector.provider)
  if (!result.success) {
    throw new WalletRequestError(WalletErrorText.NO_PROVIDER, { method: 'request', details: connector.name })
  }
  return result.output
}

/**
 * Sends one request to a wallet. Whatever the wallet throws becomes a
 * WalletRequestError (4001 reads "rejected"); an answer that fails `schema`
 * becomes an INVALID_ANSWER error instead of reaching state.
 *
 * @example
 * const accounts = await walletRequest(provider, 'eth_accounts', undefined, AddressListSchema)
 */
export async function walletRequest<S extends v.GenericSchema>(
  provider: Eip1193Provider,
  method: string,
  params: unknown,
  schema: S,
): Promise<v.InferOutput<S>> {
  let answer: unknown
  try {
    answer = await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw toWalletError(error, method)
  }
  const result = v.safeParse(schema, answer)
  if (!result.success) {
    throw new WalletRequestError(WalletErrorText.INVALID_ANSWER, {
      method,
      details: `${method}: ${result.issues[0].message}`,
    })
  }
  return result.output
}
