import type { AccountType, ChainNamespace, ChainStore, PorticoStorage } from '../../kernel/index.ts'
import type { FrameSession } from './frameSession.ts'

/**
 * The account type the frame should use: the one stored from the last change, else the
 * app's default for the namespace. When the frame's user has another type, the frame
 * is asked to change it; a change the frame refuses (no smart accounts yet) falls back
 * to eoa, and that is stored so the next login does not ask again.
 */
export async function settleAccountType(
  frame: Pick<FrameSession, 'request'>,
  storage: PorticoStorage,
  wanted: AccountType,
  current: AccountType,
): Promise<AccountType> {
  if (wanted === current) return current
  try {
    const { type } = await frame.request('SET_PREFERRED_ACCOUNT', { type: wanted === 'smartAccount' ? 'smartAccount' : 'eoa' })
    storage.set('framePreferredAccountType', type)
    return type
  } catch {
    storage.set('framePreferredAccountType', 'eoa')
    return 'eoa'
  }
}

/** The type to ask the frame for: the stored one, else the app's default for eip155 (solana has eoa only). */
export function wantedAccountType(storage: PorticoStorage, chains: ChainStore, namespace: ChainNamespace): AccountType {
  if (namespace !== 'eip155') return 'eoa'
  return storage.get('framePreferredAccountType') ?? chains.record(namespace)?.accountState.preferredAccountType ?? 'eoa'
}

/**
 * Which networks have smart accounts, as the frame answers it (an empty list until
 * there are any); a refused lookup stores an empty list too.
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
