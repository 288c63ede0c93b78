import type { DependencyContainer, InjectionToken } from 'tsyringe'
import type { CaipNetworkId } from '../../kernel/chains/caip.ts'
import { type Token, createToken, isRegistered, resolve } from '../../kernel/container/token.ts'
import { IAdapterRegistry, IChainStore, IConfig, IStorage } from '../../kernel/container/tokens.ts'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { apiCapabilities } from './support.ts'

/**
 * The kit's Blockchain API. `blockchainApi(container)` registers one on first use; an
 * app or a test may register its own implementation under this token before that.
 */
export const IBlockchainApi = createToken<BlockchainApi>('IBlockchainApi')

/** ERC20 contracts per CAIP-2 network that the direct implementation reads. */
export type DirectTokens = Readonly<Partial<Record<CaipNetworkId, readonly string[]>>>

/**
 * The token lists the direct implementation reads (the portfolio plugin's `tokens`
 * option adds to it). Read on every balance request, so lists added later count.
 */
export const IDirectTokens = createToken<{ lists: DirectTokens[] }>('IDirectTokens')

const register = <T>(container: DependencyContainer, token: Token<T>, value: T) => container.register(token as InjectionToken<T>, { useValue: value })

/** Adds ERC20 contracts for the direct implementation to read (no effect on the HTTP one); returns their removal. */
export function addDirectTokens(container: DependencyContainer, tokens: DirectTokens): () => void {
  if (!isRegistered(container, IDirectTokens)) register(container, IDirectTokens, { lists: [] })
  const { lists } = resolve(container, IDirectTokens)
  lists.push(tokens)
  return () => {
    const index = lists.indexOf(tokens)
    if (index >= 0) lists.splice(index, 1)
  }
}

/** The ERC20 contracts configured for a network, each once, in the order given. */
export function directTokensOf(container: DependencyContainer, chainId: CaipNetworkId): readonly string[] {
  if (!isRegistered(container, IDirectTokens)) return []
  const all = resolve(container, IDirectTokens).lists.flatMap((list) => list[chainId] ?? [])
  return [...new Map(all.map((address) => [address.toLowerCase(), address])).values()]
}

/**
 * The kit's one BlockchainApi: the HTTP client when `endpoints.blockchainApi` is set,
 * otherwise the direct one over the chains' own RPC. Its code downloads with the
 * first call (the two implementations are their own chunks); `capabilities` is known
 * at once from the config, so views can hide what it cannot show before anything loads.
 *
 * @example
 * const api = blockchainApi(ctx.container)
 * if (api.capabilities.history) await api.transactions({ address, chainId })
 */
export function blockchainApi(container: DependencyContainer): BlockchainApi {
  if (isRegistered(container, IBlockchainApi)) return resolve(container, IBlockchainApi)
  const config = resolve(container, IConfig)
  const baseUrl = config.endpoints.blockchainApi
  let loading: Promise<BlockchainApi> | undefined
  const load = () =>
    (loading ??= baseUrl
      ? import('./http.ts').then(({ createHttpBlockchainApi }) => createHttpBlockchainApi({ baseUrl, storage: resolve(container, IStorage) }))
      : import('./direct.ts').then(({ createDirectBlockchainApi }) =>
          createDirectBlockchainApi({
            networks: () => resolve(container, IChainStore).networks(),
            nativeBalance: async (address, network) => (await resolve(container, IAdapterRegistry).resolve(network.chainNamespace)).getBalance(address, network),
            tokens: (chainId) => directTokensOf(container, chainId),
          }),
        )).catch((error: unknown) => {
      // A failed download is retried by the next call rather than remembered.
      loading = undefined
      throw error
    })
  const api: BlockchainApi = {
    capabilities: apiCapabilities(config),
    balances: async (args) => (await load()).balances(args),
    transactions: async (args) => (await load()).transactions(args),
    nfts: async (args) => (await load()).nfts(args),
    identity: async (args) => (await load()).identity(args),
    lookupName: async (name, signal) => (await load()).lookupName(name, signal),
    reverseLookup: async (address, signal) => (await load()).reverseLookup(address, signal),
    suggestNames: async (name, signal) => (await load()).suggestNames(name, signal),
    registerName: async (registration, signal) => (await load()).registerName(registration, signal),
  }
  register(container, IBlockchainApi, api)
  return api
}
