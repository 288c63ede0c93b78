import * as v from 'valibot'
import { type Balance, type CaipNetwork, type ChainAdapter, type ChainNamespace, type ConnectResult, ErrorText, PorticoError } from '../../kernel/index.ts'
import { formatUnits } from '../../kernel/wallets/index.ts'
import { nativeBalance } from './nativeBalance.ts'
import { sessionAccounts } from './namespaces.ts'
import type { PairingLifecycle } from './pairing.ts'
import type { Provider, Session, SessionClient } from './session.ts'

export const SessionAdapterErrorText = {
  NO_ACCOUNT: 'The WalletConnect session has no account on this chain namespace',
} as const

/** The wallet the visitor picked from the registry, remembered as a recent wallet once connected. */
export interface PickedWallet {
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
}

export interface SessionAdapterDeps {
  readonly namespace: ChainNamespace
  readonly client: SessionClient
  readonly lifecycle: PairingLifecycle<Session>
  readonly picked: () => PickedWallet | undefined
  /** The namespace plugin's own adapter, when it is active: balances are a chain's business. */
  readonly namespaceAdapter: () => ChainAdapter | undefined
  /** The kit's current network of this namespace (the chain to prefer when the session has several). */
  readonly currentNetwork: () => CaipNetwork | undefined
  readonly fetch?: typeof fetch
}

/** A session adapter also tells the plugin which chain of the session is in use. */
export interface SessionAdapter extends ChainAdapter {
  /** The chain reference in use (`'31337'`), after connect, reconnect or a switch. */
  chain(): string | undefined
  setChain(reference: string): void
}

/** An address from the wallet is untrusted text: a bounded token without spaces. */
const AddressText = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,128}$/))

/**
 * A ChainAdapter for one namespace that routes everything through the
 * WalletConnect session (registered for WALLET_CONNECT connectors only). One
 * session serves every namespace; each adapter reads its own accounts from it.
 */
export function createSessionAdapter(deps: SessionAdapterDeps): SessionAdapter {
  const { namespace, client } = deps
  let reference: string | undefined
  let provider1193: ReturnType<typeof sessionProvider> | undefined

  const chainOf = (network: CaipNetwork | undefined) => (network && network.chainNamespace === namespace ? String(network.id) : undefined)

  /** The connect result for `session`, on the preferred chain when the session approves it. */
  const resultOf = async (session: Session, preferred: string | undefined): Promise<ConnectResult> => {
    const accounts = sessionAccounts(session.namespaces, namespace).filter((a) => v.is(AddressText, a.address))
    const first = accounts[0]
    if (!first) throw new PorticoError(SessionAdapterErrorText.NO_ACCOUNT, { details: namespace })
    const chain = preferred && accounts.some((a) => a.chainId === preferred) ? preferred : first.chainId
    const onChain = [...new Set(accounts.filter((a) => a.chainId === chain).map((a) => a.address))]
    reference = chain
    ;(await client.provider()).setDefaultChain(`${namespace}:${chain}`)
    const picked = deps.picked()
    const peer = session.peer.metadata
    return {
      address: onChain[0]!,
      chainId: namespace === 'eip155' ? Number(chain) : chain,
      accounts: onChain.map((address) => ({ address, type: 'eoa', namespace })),
      wallet: picked ? { id: picked.id, name: picked.name, icon: picked.imageUrl } : { name: String(peer.name).slice(0, 64) || 'WalletConnect', icon: peer.icons?.[0] },
    }
  }

  const requireSession = async (): Promise<{ provider: Provider; session: Session }> => {
    const provider = await client.provider()
    if (!provider.session) throw new PorticoError(ErrorText.WALLETCONNECT_CONNECTOR_NOT_FOUND, { details: 'no session' })
    return { provider, session: provider.session }
  }

  const adapter: SessionAdapter = {
    namespace,
    chain: () => reference,
    setChain(next) {
      reference = next
    },

    async connect(_connector, network) {
      // Starting the provider restores a stored session; one that covers this namespace is reused.
      await client.provider()
      const existing = client.current()
      const covers = existing && sessionAccounts(existing.namespaces, namespace).length > 0
      const session = covers ? existing : await deps.lifecycle.approval()
      return resultOf(session, chainOf(network))
    },

    async reconnect() {
      const session = (await client.provider()).session
      if (!session || sessionAccounts(session.namespaces, namespace).length === 0) return undefined
      return resultOf(session, reference ?? chainOf(deps.currentNetwork()))
    },

    async disconnect() {
      reference = undefined
      await client.disconnect()
    },

    async switchNetwork(_connector, network) {
      const { provider, session } = await requireSession()
      const target = String(network.id)
      if (namespace === 'eip155') {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${Number(target).toString(16)}` }] }, `eip155:${reference ?? target}`)
      } else if (!sessionAccounts(session.namespaces, namespace).some((a) => a.chainId === target)) {
        throw new PorticoError(ErrorText.CHAIN_NOT_SUPPORTED, { details: network.caipNetworkId })
      } else {
        provider.setDefaultChain(network.caipNetworkId)
      }
      reference = target
    },

    async getBalance(address, network): Promise<Balance> {
      const own = deps.namespaceAdapter()
      if (own) return own.getBalance(address, network)
      if (namespace !== 'eip155') throw new PorticoError(ErrorText.CHAIN_ADAPTER_NOT_FOUND, { details: namespace })
      const wei = await nativeBalance(deps.fetch ?? globalThis.fetch, network, address)
      return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    getProvider() {
      return (provider1193 ??= sessionProvider(client, namespace, () => reference))
    },

    // kit.request (a sign-in's personal_sign, say) goes through the session like the host app's provider.
    request(_connector, request) {
      return (provider1193 ??= sessionProvider(client, namespace, () => reference)).request(request)
    },
  }
  return adapter
}

/** With no chain in use yet, an EVM request goes to Ethereum (SPEC §9: the WalletConnect CAIP network defaults to eip155:1). */
const defaultCaipNetwork = (namespace: ChainNamespace) => (namespace === 'eip155' ? 'eip155:1' : undefined)

/**
 * The host app's provider for a namespace (`kit.getProvider('eip155')`):
 * EIP-1193 `request`, sent through the session on the chain in use; the wallet
 * answers what the session approved, the network's RPC url the rest.
 */
function sessionProvider(client: SessionClient, namespace: ChainNamespace, chain: () => string | undefined) {
  return {
    isWalletConnect: true,
    async request({ method, params }: { method: string; params?: unknown }) {
      const provider = await client.provider()
      const reference = chain()
      return provider.request({ method, params: params as never }, reference ? `${namespace}:${reference}` : defaultCaipNetwork(namespace))
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      client.loaded()?.on(event, listener)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      client.loaded()?.removeListener(event, listener)
    },
  }
}
