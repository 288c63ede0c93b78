import * as v from 'valibot'
import { CHAIN_NAMESPACES, type ChainNamespace } from './namespaces.ts'
import type { CaipNetworkId } from './caip.ts'

const RpcUrlList = v.object({ http: v.pipe(v.array(v.string()), v.minLength(1)) })

/** The valibot schema of a network as an integrator passes it. */
export const NetworkSchema = v.object({
  id: v.union([v.number(), v.string()]),
  caipNetworkId: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id such as eip155:1')),
  chainNamespace: v.picklist(CHAIN_NAMESPACES),
  name: v.pipe(v.string(), v.minLength(1)),
  nativeCurrency: v.object({
    name: v.string(),
    symbol: v.string(),
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  rpcUrls: v.object({ default: RpcUrlList, chainDefault: v.optional(RpcUrlList) }),
  blockExplorers: v.optional(v.record(v.string(), v.object({ name: v.string(), url: v.string() }))),
  testnet: v.optional(v.boolean()),
  assets: v.optional(v.object({ imageId: v.optional(v.string()), imageUrl: v.optional(v.string()) })),
})

/** A network with a CAIP id; the kit's unit of "where". */
export interface CaipNetwork extends Omit<v.InferOutput<typeof NetworkSchema>, 'caipNetworkId' | 'chainNamespace'> {
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
}

/** Defines a network with its CAIP id derived from namespace and id. */
export function defineNetwork(network: Omit<CaipNetwork, 'caipNetworkId'> & { caipNetworkId?: CaipNetworkId }): CaipNetwork {
  return { ...network, caipNetworkId: network.caipNetworkId ?? `${network.chainNamespace}:${network.id}` }
}

/** Stands in for a network the wallet is on but the app does not support. */
export function unsupportedNetworkPlaceholder(caipNetworkId: CaipNetworkId, namespace: ChainNamespace): CaipNetwork {
  return {
    id: caipNetworkId.split(':')[1] ?? '',
    caipNetworkId,
    chainNamespace: namespace,
    name: 'Unknown Network',
    nativeCurrency: { name: '', symbol: '', decimals: 0 },
    rpcUrls: { default: { http: [''] } },
  }
}

export function isUnsupportedPlaceholder(network: CaipNetwork): boolean {
  return network.name === 'Unknown Network' && network.rpcUrls.default.http[0] === ''
}
