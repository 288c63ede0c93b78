import {
  type AdapterEvents,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectResult,
  type Connector,
  type Disposer,
  ErrorText,
  NativeDecimals,
  PorticoError,
  isSolanaAddress,
  isUnsupportedPlaceholder,
} from '../../../kernel/index.ts'
import * as v from 'valibot'
import { formatUnits, safeParse, WalletError } from '../../../kernel/wallets/index.ts'
import { decodeBase58, encodeBase58 } from '../../../protocol/base58.ts'
import { standardChainOf } from './chains.ts'
import { SolanaErrorText } from './errors.ts'
import { type SolanaProvider, createSolanaProvider } from './provider.ts'
import type { Connections } from './rpc.ts'
import { type SolanaWallet, walletOf } from './wallet.ts'

export interface SolanaAdapterOptions {
  /** The kernel's sink for wallet events (IConnectionService.events), read when an event arrives. */
  readonly events: () => AdapterEvents
  /** The kit's Solana network now (the Solana chain record's network); signing uses it. */
  readonly network: () => CaipNetwork | undefined
  /** The connected Solana address as the kernel holds it. */
  readonly address: () => string | undefined
  /** Shows a failed send's snack text from the catalogue. */
  readonly onSendFailed?: (message: string) => void
}

/** solana_signMessage's params as WalletConnect wallets and the embedded wallet take them: base58 bytes and the signer. */
const SignMessageParams = v.object({ message: v.string(), pubkey: v.string() })

export type SolanaAdapter = ChainAdapter & {
  getProvider(connector: Connector): SolanaProvider
  dispose(): void
}

/**
 * The solana ChainAdapter over Wallet Standard wallets and legacy injected
 * providers. Solana wallets have no "current chain": the kit's Solana network is
 * the one reported, and every signature names it to the wallet.
 */
export function createSolanaAdapter(options: SolanaAdapterOptions): SolanaAdapter {
  const wallets = new WeakMap<object, SolanaWallet>()
  const providers = new WeakMap<object, SolanaProvider>()
  const watching = new Map<string, Disposer>()
  let rpc: Promise<{ module: typeof import('./rpc.ts'); connections: Connections }> | undefined
  const loadRpc = () => (rpc ??= import('./rpc.ts').then((module) => ({ module, connections: module.createConnections() })))

  /** One wrapper per wallet object, so listeners and providers line up. */
  const wallet = (connector: Connector): SolanaWallet => {
    const key = connector.provider
    if (typeof key !== 'object' || key === null) return walletOf(connector)
    let found = wallets.get(key)
    if (!found) wallets.set(key, (found = walletOf(connector)))
    return found
  }
  const watch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.set(
      connector.id,
      wallet(connector).onAccountsChanged((addresses) => options.events().accountsChanged('solana', connector.id, addresses)),
    )
  }
  const unwatch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.delete(connector.id)
  }

  const result = (addresses: readonly string[], network: CaipNetwork | undefined): ConnectResult => {
    if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    return {
      address: addresses[0]!,
      chainId: network.id,
      // Browser wallets hold plain keypairs (default account type eoa).
      accounts: addresses.map((address) => ({ address, type: 'eoa', namespace: 'solana' })),
    }
  }
  const solanaNetwork = (network: CaipNetwork | undefined) => (network && network.chainNamespace === 'solana' && !isUnsupportedPlaceholder(network) ? network : options.network())

  return {
    namespace: 'solana',

    async connect(connector, network) {
      const addresses = await wallet(connector).connect(false)
      if (addresses.length === 0) throw new WalletError(SolanaErrorText.NO_ACCOUNTS, { method: 'standard:connect' })
      watch(connector)
      return result(addresses, solanaNetwork(network))
    },

    async reconnect(connector) {
      // `silent` never prompts: no accounts means the authorization is gone.
      const addresses = await wallet(connector).connect(true)
      if (addresses.length === 0) return undefined
      watch(connector)
      return result(addresses, options.network())
    },

    async disconnect(connector) {
      // Listeners go first: a wallet that answers with a change event must not start a second disconnect.
      unwatch(connector)
      try {
        await wallet(connector).disconnect()
      } catch {
        // Best effort: the kit forgets the connection whatever the wallet says.
      }
    },

    async switchNetwork(connector, network) {
      // Solana wallets do not switch; each request names the chain. A wallet that
      // lists its chains is held to them (legacy providers list none).
      const chains = wallet(connector).chains
      if (chains && !chains.includes(standardChainOf(network))) {
        throw new PorticoError(ErrorText.CHAIN_NOT_SUPPORTED, { details: `${connector.name}: ${standardChainOf(network)}` })
      }
    },

    async getBalance(address, network) {
      if (!isSolanaAddress(address)) throw new PorticoError(SolanaErrorText.INVALID_ADDRESS, { details: String(address).slice(0, 100) })
      const { module, connections } = await loadRpc()
      const lamports = await module.getLamports(connections.get(network), address)
      // Solana uses 9 decimals (lamports), whatever a custom network says.
      return { balance: formatUnits(lamports, NativeDecimals.solana), symbol: network.nativeCurrency.symbol }
    },

    // kit.request for a browser wallet: message signing (a sign-in's) in the shape WalletConnect
    // and the embedded wallet answer it; anything else goes through getProvider.
    async request(connector, { method, params }) {
      if (method !== 'solana_signMessage') throw new PorticoError(ErrorText.ADAPTER_NOT_FOUND, { details: method })
      const parsed = safeParse(SignMessageParams, params)
      const bytes = parsed && decodeBase58(parsed.message)
      if (!parsed || !bytes || parsed.pubkey !== options.address()) {
        throw new PorticoError(SolanaErrorText.INVALID_MESSAGE, { details: 'solana_signMessage takes { message: base58, pubkey: the connected address }' })
      }
      return { signature: encodeBase58(await wallet(connector).signMessage(parsed.pubkey, bytes)) }
    },

    getProvider(connector) {
      const key = (typeof connector.provider === 'object' && connector.provider) || connector
      let provider = providers.get(key)
      if (!provider) {
        provider = createSolanaProvider({
          wallet: wallet(connector),
          network: options.network,
          address: options.address,
          rpc: loadRpc,
          onSendFailed: options.onSendFailed,
        })
        providers.set(key, provider)
      }
      return provider
    },

    dispose() {
      watching.forEach((dispose) => dispose())
      watching.clear()
      void rpc?.then(({ connections }) => connections.clear())
    },
  }
}
