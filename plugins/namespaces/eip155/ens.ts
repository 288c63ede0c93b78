import type { Address } from 'viem'
import { getEnsAvatar, getEnsName } from 'viem/actions'
import type { RpcClient } from './transport.ts'

/**
 * ENS's Universal Resolver, where a network has ENS (viem's mainnet address). Other networks
 * have no ENS of their own: their profile is left to the names plugin's fallback.
 */
const UNIVERSAL_RESOLVERS: Readonly<Record<number, Address>> = { 1: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' }

/**
 * The address's ENS name (its primary, reverse record) and the name's avatar, read through
 * the network's public RPC with viem; undefined without ENS or without a name. Loaded with
 * the first lookup: the ENS code (ABI coder, name hashing) is not in the adapter's chunk.
 * No CCIP-read gateways: Portico's build leaves viem's offchain lookup out.
 */
export async function ensProfile(client: RpcClient, address: string): Promise<{ name: string; avatar?: string } | undefined> {
  const universalResolverAddress = UNIVERSAL_RESOLVERS[client.chain.id]
  if (!universalResolverAddress) return undefined
  const name = await getEnsName(client, { address: address as Address, universalResolverAddress, gatewayUrls: [] })
  if (!name) return undefined
  // A name without a readable avatar is still a name.
  const avatar = await getEnsAvatar(client, { name, universalResolverAddress, gatewayUrls: [] }).catch(() => null)
  return avatar ? { name, avatar } : { name }
}
