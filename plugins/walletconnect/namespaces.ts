import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../kernel/index.ts'
import { NAMESPACE_EVENTS, NAMESPACE_METHODS } from './constants.ts'

/** One namespace of a session proposal, in the universal provider's shape. */
export interface ProposalNamespace {
  readonly chains: CaipNetworkId[]
  readonly methods: string[]
  readonly events: string[]
  /** CAIP-2 id -> RPC url, so plain reads go to the app's own nodes, never a remote default. */
  readonly rpcMap: Record<string, string>
}

/**
 * The optional namespaces of a session proposal: every configured network,
 * grouped by namespace, with its session methods and events (issue 5).
 *
 * @example
 * await provider.connect({ optionalNamespaces: optionalNamespaces(config.networks) })
 */
export function optionalNamespaces(networks: readonly CaipNetwork[]): Partial<Record<ChainNamespace, ProposalNamespace>> {
  const result: Partial<Record<ChainNamespace, ProposalNamespace>> = {}
  for (const network of networks) {
    const namespace = network.chainNamespace
    const entry = (result[namespace] ??= {
      chains: [],
      methods: [...NAMESPACE_METHODS[namespace]],
      events: [...NAMESPACE_EVENTS],
      rpcMap: {},
    })
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
    const url = network.rpcUrls.default.http[0]
    // The provider looks an RPC url up by CAIP-2 id and by bare reference; give both.
    if (url) {
      entry.rpcMap[network.caipNetworkId] = url
      entry.rpcMap[String(network.id)] = url
    }
  }
  return result
}

/** A session's CAIP-10 accounts of one namespace, as `{ chainId, address }` in order. */
export function sessionAccounts(namespaces: Readonly<Record<string, { readonly accounts: readonly string[] }>>, namespace: ChainNamespace): { chainId: string; address: string }[] {
  const accounts = Object.entries(namespaces)
    .filter(([key]) => key === namespace || key.startsWith(`${namespace}:`))
    .flatMap(([, value]) => value.accounts)
  const parsed: { chainId: string; address: string }[] = []
  for (const account of accounts) {
    const [ns, reference, ...rest] = account.split(':')
    const address = rest.join(':')
    if (ns === namespace && reference && address && !parsed.some((p) => p.chainId === reference && p.address === address)) {
      parsed.push({ chainId: reference, address })
    }
  }
  return parsed
}
