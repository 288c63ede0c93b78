import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { type CaipNetwork, type ChainState, type ChainStore, type Disposer, safeIconUrl } from '../../kernel/index.ts'

export interface ProfileWatchDeps {
  readonly chains: Pick<ChainStore, 'get' | 'subscribe' | 'updateAccount'>
  readonly api: Pick<BlockchainApi, 'identity' | 'reverseLookup'>
  readonly logger: Pick<Console, 'warn'>
  /** The eip155 adapter's own profile (ENS), when the adapter has one. */
  readonly adapterProfile?: (address: string, network: CaipNetwork) => Promise<{ readonly name: string; readonly avatar?: string } | undefined>
}

/** The longest profile name kept: a DNS name's 255 characters, as the Blockchain API's schema has it. */
const PROFILE_NAME_MAX = 255

/** What the lookup depends on: the account and the network it is on. */
const keyOf = (state: ChainState) => {
  const record = state.chains[state.activeNamespace]
  return `${state.activeNamespace}|${record?.accountState.address ?? ''}|${record?.networkState.caipNetwork?.caipNetworkId ?? ''}`
}

/**
 * The account's profile name and avatar (SPEC §4 "Profile lookup"), looked up again on every
 * account or network change.
 * - On an EVM non-testnet chain: the adapter's profile (ENS name and avatar, where the network
 *   has ENS), then the fallback name service: the Blockchain API's identity of the address.
 * - On any EVM chain: the account's own registered name from the registry (reverse lookup,
 *   the primary one), so a name registered through RegisterAccountName shows on test chains
 *   too, the local ones of the demo among them. It is the visitor's own registration, not a
 *   lookup of someone else's chain profile.
 * - Otherwise (another namespace, nothing found): name and avatar are cleared.
 * A failed lookup clears nothing it did not find and logs 'Error fetching names for address'.
 */
export function watchProfile({ chains, api, logger, adapterProfile }: ProfileWatchDeps): Disposer {
  let current = ''
  let controller: AbortController | undefined

  const apply = (namespace: ChainState['activeNamespace'], profileName: string | undefined, avatar: string | undefined) => {
    // An avatar (an ENS text record anyone can write, or the API's) is kept only as a safe image URL.
    const profileImage = safeIconUrl(avatar)
    const account = chains.get().chains[namespace]?.accountState
    if (account && (account.profileName !== profileName || account.profileImage !== profileImage)) {
      chains.updateAccount(namespace, { profileName, profileImage })
    }
  }

  const lookup = async (state: ChainState, signal: AbortSignal) => {
    const namespace = state.activeNamespace
    const record = state.chains[namespace]
    const address = record?.accountState.address
    const network = record?.networkState.caipNetwork
    if (namespace !== 'eip155' || !address || !network) return apply(namespace, undefined, undefined)
    if (!network.testnet) {
      const own = await adapterProfile?.(address, network)
      if (signal.aborted) return
      // The resolver's name is untrusted like the API's: an overlong one counts as none.
      if (own && own.name.length <= PROFILE_NAME_MAX) return apply(namespace, own.name, own.avatar)
      const identity = await api.identity({ address, chainId: network.caipNetworkId, signal })
      if (signal.aborted) return
      if (identity.name) return apply(namespace, identity.name, identity.avatar ?? undefined)
    }
    const [primary] = await api.reverseLookup(address, signal)
    if (signal.aborted) return
    apply(namespace, primary?.name, undefined)
  }

  const check = (state: ChainState) => {
    const key = keyOf(state)
    if (key === current) return
    current = key
    controller?.abort()
    const mine = (controller = new AbortController())
    lookup(state, mine.signal).catch((error: unknown) => {
      if (!mine.signal.aborted) logger.warn('[Portico] names: profile lookup failed', error)
    })
  }

  check(chains.get())
  const unsubscribe = chains.subscribe(check)
  return () => {
    unsubscribe()
    controller?.abort()
  }
}
