import { PorticoError } from '../errors/base.ts'
import { CHAIN_REQUIRED } from '../errors/firstScreenTexts.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { type AccountState, type ChainRecord, type NetworkState, initialAccountState, initialNetworkState } from './accountState.ts'
import type { CaipNetwork } from './network.ts'
import type { ChainNamespace } from './namespaces.ts'

export interface ChainState {
  readonly activeNamespace: ChainNamespace
  readonly activeCaipNetwork: CaipNetwork
  readonly chains: Readonly<Partial<Record<ChainNamespace, ChainRecord>>>
}

/** The chain records of every configured namespace, plus which one is active. */
export interface ChainStore extends Store<ChainState> {
  record(namespace: ChainNamespace): ChainRecord | undefined
  activeAccount(): AccountState | undefined
  updateAccount(namespace: ChainNamespace | undefined, patch: Partial<AccountState>): void
  updateNetwork(namespace: ChainNamespace, patch: Partial<NetworkState>): void
  resetAccount(namespace: ChainNamespace): void
  isConnected(): boolean
  /** Every network of every chain record: the configured ones plus those added since. */
  networks(): readonly CaipNetwork[]
  /** Adds a network to its namespace's record (creating the record); false when one with its CAIP id is there already. */
  addNetwork(network: CaipNetwork): boolean
  /** Removes a network from its record; false when it is not there. The caller moves an active network first. */
  removeNetwork(caipNetworkId: string): boolean
}

/** The active namespace's account in a chain state: what a framework adapter selects from `kit.chains`. */
export const activeAccountOf = (state: ChainState): AccountState | undefined => state.chains[state.activeNamespace]?.accountState

/** Connected means an address and the connected status: an address alone may be one being restored. */
export const isConnectedAccount = (account: Pick<AccountState, 'caipAddress' | 'status'> | undefined): boolean => Boolean(account?.caipAddress) && account?.status === 'connected'

/** Groups the configured networks into one chain record per namespace. */
export function createChainStore(networks: readonly CaipNetwork[], defaultNetwork: CaipNetwork): ChainStore {
  const chains: Partial<Record<ChainNamespace, ChainRecord>> = {}
  for (const network of networks) {
    const namespace = network.chainNamespace
    const caipNetworks = [...(chains[namespace]?.caipNetworks ?? []), network]
    chains[namespace] = {
      namespace,
      caipNetworks,
      networkState: initialNetworkState(caipNetworks),
      accountState: initialAccountState(namespace),
    }
  }
  const defaultRecord = chains[defaultNetwork.chainNamespace]!
  chains[defaultNetwork.chainNamespace] = {
    ...defaultRecord,
    networkState: { ...defaultRecord.networkState, caipNetwork: defaultNetwork },
  }
  const store = createStore<ChainState>({
    activeNamespace: defaultNetwork.chainNamespace,
    activeCaipNetwork: defaultNetwork,
    chains,
  })

  const requireRecord = (namespace: ChainNamespace | undefined): ChainRecord => {
    const record = namespace && store.get().chains[namespace]
    if (!record) throw new PorticoError(CHAIN_REQUIRED, { details: String(namespace) })
    return record
  }
  const putRecord = (record: ChainRecord) => store.set(({ chains }) => ({ chains: { ...chains, [record.namespace]: record } }))

  return {
    ...store,
    record: (namespace) => store.get().chains[namespace],
    activeAccount: () => activeAccountOf(store.get()),
    updateAccount(namespace, patch) {
      const record = requireRecord(namespace)
      putRecord({ ...record, accountState: { ...record.accountState, ...patch } })
    },
    updateNetwork(namespace, patch) {
      const record = requireRecord(namespace)
      putRecord({ ...record, networkState: { ...record.networkState, ...patch } })
    },
    resetAccount(namespace) {
      const record = requireRecord(namespace)
      putRecord({ ...record, accountState: initialAccountState(namespace) })
    },
    networks: () => Object.values(store.get().chains).flatMap((record) => record.caipNetworks),
    addNetwork(network) {
      const all = Object.values(store.get().chains).flatMap((record) => record.caipNetworks)
      if (all.some((n) => n.caipNetworkId === network.caipNetworkId)) return false
      const namespace = network.chainNamespace
      const record = store.get().chains[namespace]
      const caipNetworks = [...(record?.caipNetworks ?? []), network]
      putRecord({
        namespace,
        caipNetworks,
        networkState: record ? { ...record.networkState, requestedCaipNetworks: [...record.networkState.requestedCaipNetworks, network] } : initialNetworkState(caipNetworks),
        accountState: record?.accountState ?? initialAccountState(namespace),
      })
      return true
    },
    removeNetwork(caipNetworkId) {
      const record = Object.values(store.get().chains).find((r) => r.caipNetworks.some((n) => n.caipNetworkId === caipNetworkId))
      if (!record) return false
      const keep = (n: CaipNetwork) => n.caipNetworkId !== caipNetworkId
      const caipNetworks = record.caipNetworks.filter(keep)
      const { networkState } = record
      putRecord({
        ...record,
        caipNetworks,
        networkState: {
          ...networkState,
          requestedCaipNetworks: networkState.requestedCaipNetworks.filter(keep),
          caipNetwork: networkState.caipNetwork && keep(networkState.caipNetwork) ? networkState.caipNetwork : caipNetworks[0],
        },
      })
      return true
    },
    isConnected: () => isConnectedAccount(activeAccountOf(store.get())),
  }
}
