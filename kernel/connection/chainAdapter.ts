import type { AccountEntry, AccountState } from '../chains/accountState.ts'
import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { Connector, ConnectorType } from '../connectorRegistry/connector.ts'
import { PorticoError } from '../errors/base.ts'
import { CHAIN_ADAPTER_NOT_FOUND } from '../errors/firstScreenTexts.ts'
import type { Disposer } from '../disposer.ts'

export interface ConnectResult {
  readonly address: string
  /** The chain the wallet is on, as the namespace writes it (EVM: a number). */
  readonly chainId: string | number
  readonly accounts?: readonly AccountEntry[]
  /**
   * The wallet reached through a go-between connector (WalletConnect: the phone
   * wallet on the other side of the session). It is shown as the connected
   * wallet instead of the connector, and remembered as a recent wallet when it
   * has a registry id.
   */
  readonly wallet?: { readonly name: string; readonly icon?: string; readonly id?: string }
  /** Who is signed in, for wallets that have a user (an embedded wallet's login). */
  readonly user?: AccountState['user']
  /** For wallets that hold smart accounts: whether it is deployed, and the type the wallet uses. */
  readonly smartAccountDeployed?: boolean
  readonly preferredAccountType?: AccountState['preferredAccountType']
  /** The social provider an embedded wallet's login went through. */
  readonly socialProvider?: AccountState['socialProvider']
}

export interface Balance {
  /** Decimal string in whole units, e.g. "10000.0". */
  readonly balance: string
  readonly symbol: string
}

/**
 * What a namespace plugin (eip155, solana, …) implements. The kernel's
 * connection service owns the state; adapters only talk to wallets and chains.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Asks the wallet for access; the visitor may be prompted. */
  connect(connector: Connector, network: CaipNetwork): Promise<ConnectResult>
  /** Resumes an existing authorization without a prompt; undefined when the wallet no longer grants it. */
  reconnect(connector: Connector): Promise<ConnectResult | undefined>
  disconnect(connector: Connector): Promise<void>
  switchNetwork(connector: Connector, network: CaipNetwork): Promise<void>
  getBalance(address: string, network: CaipNetwork): Promise<Balance>
  /** The wallet's own provider (EIP-1193 for eip155) so the host app can sign and send. */
  getProvider(connector: Connector): unknown
  /**
   * Sends an RPC request (signing, sending, reads) to the connected wallet; `kit.request()`
   * uses it for an allowed method no plugin handles. Without it such a request fails.
   */
  request?(connector: Connector, request: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  /**
   * The chain's own profile of an address (eip155: its ENS name and avatar where the network
   * has ENS), undefined when it has none. The names plugin asks it first (SPEC §4 "Profile lookup").
   */
  getProfile?(address: string, network: CaipNetwork): Promise<{ readonly name: string; readonly avatar?: string } | undefined>
}

/** Wallet-side facts an adapter reports back to the kernel. */
export interface AdapterEvents {
  accountsChanged(namespace: ChainNamespace, connectorId: string, addresses: readonly string[]): void
  chainChanged(namespace: ChainNamespace, connectorId: string, chainId: string | number): void
  disconnected(namespace: ChainNamespace, connectorId: string): void
}

export interface RegisterAdapterOptions {
  /**
   * Serve only connectors of this type, beside the namespace's own adapter.
   * WalletConnect routes every namespace through its one session this way, with
   * or without a namespace plugin (basic mode has none).
   */
  readonly connectorType?: ConnectorType
}

export interface AdapterRegistry {
  register(adapter: ChainAdapter, options?: RegisterAdapterOptions): Disposer
  /** The namespace's own adapter (not one registered for a connector type). */
  get(namespace: ChainNamespace): ChainAdapter | undefined
  /** The adapter of a namespace, loading the plugin that provides it first. */
  resolve(namespace: ChainNamespace): Promise<ChainAdapter>
  /** The adapter serving `connector`: one registered for its type, else its namespace's. */
  forConnector(connector: Connector): ChainAdapter | undefined
  /** Like `forConnector`, loading the namespace's plugin when it is needed. */
  resolveForConnector(connector: Connector): Promise<ChainAdapter>
}

export function createAdapterRegistry(loadOwner: (namespace: ChainNamespace) => Promise<boolean>): AdapterRegistry {
  const adapters = new Map<string, ChainAdapter>()
  const keyOf = (namespace: ChainNamespace, connectorType?: ConnectorType) => (connectorType ? `${namespace}/${connectorType}` : namespace)
  const registry: AdapterRegistry = {
    register(adapter, options = {}) {
      const key = keyOf(adapter.namespace, options.connectorType)
      adapters.set(key, adapter)
      return () => {
        if (adapters.get(key) === adapter) adapters.delete(key)
      }
    },
    get: (namespace) => adapters.get(namespace),
    async resolve(namespace) {
      if (!adapters.has(namespace)) await loadOwner(namespace)
      const adapter = adapters.get(namespace)
      if (!adapter) throw new PorticoError(CHAIN_ADAPTER_NOT_FOUND, { details: namespace })
      return adapter
    },
    forConnector: (connector) => adapters.get(keyOf(connector.chain, connector.type)) ?? adapters.get(connector.chain),
    resolveForConnector: async (connector) => adapters.get(keyOf(connector.chain, connector.type)) ?? registry.resolve(connector.chain),
  }
  return registry
}
