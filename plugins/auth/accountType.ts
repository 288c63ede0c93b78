import { type AccountType, type ChainNamespace, type ChainStore, DEFAULT_ACCOUNT_TYPES, type PorticoStorage } from '../../kernel/index.ts'
import type { FrameUser } from '../../protocol/frameProtocol.ts'
import type { FrameSession } from './frameSession.ts'

/** Keeps the visitor's choice under both keys SPEC names: the embedded wallet's own, and the kit's per namespace. */
export function storeAccountType(storage: PorticoStorage, namespace: ChainNamespace, type: AccountType): void {
  storage.set('framePreferredAccountType', type)
  storage.set('preferredAccountTypes', { ...storage.get('preferredAccountTypes'), [namespace]: type })
}

/**
 * Asks the frame for the wanted type when its user has another one; a change the frame
 * refuses falls back to eoa, stored so the next login does not ask again. Only where the
 * network has a smart account: elsewhere eoa is the only type, and nothing is stored.
 */
export async function settleAccountType(
  frame: Pick<FrameSession, 'request'>,
  storage: PorticoStorage,
  namespace: ChainNamespace,
  wanted: AccountType,
  current: FrameUser['preferredAccountType'],
): Promise<FrameUser['preferredAccountType']> {
  if (wanted === current) return current
  try {
    const { type } = await frame.request('SET_PREFERRED_ACCOUNT', { type: wanted === 'smartAccount' ? 'smartAccount' : 'eoa' })
    storeAccountType(storage, namespace, type)
    return type
  } catch {
    storeAccountType(storage, namespace, 'eoa')
    return 'eoa'
  }
}

/**
 * The type to ask the frame for: the stored one (restored after a reload), else SPEC's default
 * for eip155 (solana has eoa only). Not the account's current type: on a network without smart
 * accounts that is eoa, and the next network that has one would then not get it.
 */
export function wantedAccountType(storage: PorticoStorage, namespace: ChainNamespace): AccountType {
  if (namespace !== 'eip155') return 'eoa'
  return storage.get('framePreferredAccountType') ?? storage.get('preferredAccountTypes')?.[namespace] ?? DEFAULT_ACCOUNT_TYPES[namespace]
}

/**
 * Which networks have smart accounts, as the frame answers it (from its server's config); a
 * refused lookup stores an empty list.
 */
export async function syncSmartAccountNetworks(
  frame: Pick<FrameSession, 'request'>,
  storage: PorticoStorage,
  chains: ChainStore,
  namespace: ChainNamespace,
): Promise<readonly number[]> {
  let networks: number[]
  try {
    networks = (await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)).smartAccountEnabledNetworks
  } catch {
    networks = []
  }
  storage.set('frameSmartAccountEnabledNetworks', networks)
  storage.set('frameSmartAccountEnabled', networks.length > 0)
  chains.updateNetwork(namespace, { smartAccountEnabledNetworks: networks })
  return networks
}
