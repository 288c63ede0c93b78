import { type AdapterRegistry, type CaipNetwork, type ChainAdapter, type ChainStore, type ConnectResult, ErrorText, PorticoError, type PorticoStorage } from '../../kernel/index.ts'
import { settleAccountType, syncSmartAccountNetworks, wantedAccountType } from './accountType.ts'
import type { FrameUser } from '../../protocol/frameProtocol.ts'
import type { FrameSession } from './frameSession.ts'
import type { RpcGate } from './rpcGate.ts'
import type { AuthNamespace } from './service.ts'

export interface AuthAdapterDeps {
  readonly namespace: AuthNamespace
  readonly frame: Pick<FrameSession, 'request'>
  readonly gate: RpcGate
  readonly storage: PorticoStorage
  readonly chains: ChainStore
  /** The namespace's own adapter reads balances over its normal RPC. */
  readonly adapters: Pick<AdapterRegistry, 'resolve'>
  /** What requests the app sends through the connection (the kit's own gate). */
  readonly provider: unknown
  /** The frame's session is this kit's now (a login or a restore). */
  readonly signedIn: () => void
  /** Ends the frame's session once for every namespace it spans, and forgets the login. */
  readonly signOut: () => Promise<void>
  /** The connection's account changed (the kernel's adapter event): the address in use first. */
  readonly accountsChanged: (addresses: readonly string[]) => void
  /** The modal's loading flag, on while a stored session is synced (SPEC §4). */
  readonly setLoading: (loading: boolean) => void
}

/**
 * The chain adapter of the AUTH connector for one namespace: the account lives in
 * the secure frame, so connecting asks the frame for its user, and a reload restores
 * the frame's session from the stored host token without a new code.
 */
export function createAuthAdapter(deps: AuthAdapterDeps): ChainAdapter {
  const { namespace, frame, storage, chains } = deps

  /** The network the frame last used in this namespace, else the namespace's current one. */
  const lastUsed = (): CaipNetwork | undefined => {
    const stored = storage.get('frameLastUsedChain')
    const networks = chains.record(namespace)?.caipNetworks ?? []
    return networks.find((n) => n.caipNetworkId === stored) ?? chains.record(namespace)?.networkState.caipNetwork
  }

  const remember = (network: CaipNetwork) => storage.set('frameLastUsedChain', network.caipNetworkId)

  const connectAs = async (network: CaipNetwork | undefined, walletName: string): Promise<ConnectResult> => {
    const chainId = network?.id ?? (await frame.request('GET_CHAIN_ID', undefined)).chainId
    const wanted = wantedAccountType(storage, namespace)
    const enabled = namespace === 'eip155' && (await syncSmartAccountNetworks(frame, storage, chains, namespace)).includes(Number(chainId))
    // The frame works the smart account out (its counterfactual address) before it is asked for the user.
    if (enabled && wanted === 'smartAccount') await frame.request('INIT_SMART_ACCOUNT', undefined).catch(() => undefined)
    let user = await frame.request('GET_USER', { chainId, preferredAccountType: wanted === 'smartAccount' ? 'smartAccount' : 'eoa' })
    if (network) remember(network)
    const preferredAccountType = enabled ? await settleAccountType(frame, storage, namespace, wanted, user.preferredAccountType) : user.preferredAccountType
    // A change the frame made after GET_USER: the user's address is the other account's now.
    if (preferredAccountType !== user.preferredAccountType) user = await frame.request('GET_USER', { chainId, preferredAccountType })
    deps.signedIn()
    return result(user, preferredAccountType, walletName)
  }

  const result = (user: FrameUser, preferredAccountType: ConnectResult['preferredAccountType'], walletName: string): ConnectResult => ({
    address: user.address,
    chainId: user.chainId,
    accounts: (user.accounts.length > 0 ? user.accounts : [{ address: user.address, type: preferredAccountType ?? 'eoa' }]).map((account) => ({
      address: account.address,
      type: account.type,
      namespace,
    })),
    user: { email: user.email, ...(user.userName ? { username: user.userName } : {}) },
    // Set by the socials plugin before it connects; kept for a restore after a reload.
    socialProvider: storage.get('connectedSocial'),
    smartAccountDeployed: user.smartAccountDeployed,
    ...(preferredAccountType ? { preferredAccountType } : {}),
    // Shown as the connected wallet; without a registry id it is not remembered as a recent wallet.
    wallet: { name: walletName },
  })

  /**
   * The account on the new network: the smart account where it has one (and the visitor wants
   * it), the eoa elsewhere. Stored types are kept: the next enabled network has it again.
   */
  async function followAccountType(network: CaipNetwork) {
    const wanted = wantedAccountType(storage, namespace)
    const user = await frame.request('GET_USER', { chainId: network.id, preferredAccountType: wanted === 'smartAccount' ? 'smartAccount' : 'eoa' })
    chains.updateAccount(namespace, {
      preferredAccountType: user.preferredAccountType,
      smartAccountDeployed: user.smartAccountDeployed,
      allAccounts: user.accounts.map((account) => ({ ...account, namespace })),
    })
    deps.accountsChanged([user.address, ...user.accounts.map((account) => account.address).filter((address) => address !== user.address)])
  }

  return {
    namespace,
    connect: (connector, network) => connectAs(network.chainNamespace === namespace ? network : lastUsed(), connector.name),
    async reconnect(connector) {
      const token = storage.get('frameSessionToken')
      if (!token) return undefined
      deps.setLoading(true)
      try {
        const { isConnected } = await frame.request('IS_CONNECTED', { token })
        if (!isConnected) {
          storage.remove('frameSessionToken')
          return undefined
        }
        return await connectAs(lastUsed(), connector.name)
      } finally {
        deps.setLoading(false)
      }
    },
    disconnect: () => deps.signOut(),
    async switchNetwork(_connector, network) {
      await frame.request('SWITCH_NETWORK', { chainId: network.id })
      remember(network)
      if (namespace === 'eip155') await followAccountType(network)
    },
    getBalance: async (address, network) => (await deps.adapters.resolve(namespace)).getBalance(address, network),
    getProvider: () => deps.provider,
    async request(_connector, { method, params }) {
      const network = chains.record(namespace)?.networkState.caipNetwork ?? lastUsed()
      if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED, { details: method })
      // The chain id is the one stored for the frame: no round trip for the question apps ask most.
      if (method === 'eth_chainId') return `0x${Number((lastUsed() ?? network).id).toString(16)}`
      return deps.gate.request(method, params, network.caipNetworkId)
    },
  }
}
