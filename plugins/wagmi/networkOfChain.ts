import type { Chain } from 'viem'
import { type CaipNetwork, defineNetwork } from '../../kernel/index.ts'

/**
 * A wagmi (viem) chain as a Portico network, in the manifest (not a body file: the networks
 * are known before anything loads), so the app declares each chain once, in its
 * wagmi config.
 */
export function networkOfChain(chain: Chain): CaipNetwork {
  const explorer = chain.blockExplorers?.default
  return defineNetwork({
    id: chain.id,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  })
}
