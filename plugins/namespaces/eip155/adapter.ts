import * as v from 'valibot'
import { getAddress, numberToHex } from 'viem'
// Type-only and direct: kernel/index.ts does not re-export the adapter contract (yet).
import type { AdapterEvents, ChainAdapter, ConnectResult } from '../../../kernel/index.ts'
import { type CaipNetwork, type Connector, type Disposer, PorticoError, isUnsupportedPlaceholder } from '../../../kernel/index.ts'
import { formatUnits, isUnrecognizedChain, parseOrThrow, WalletError } from '../../../kernel/wallets/index.ts'
import { Eip155ErrorText, chainNotSupported } from './errors.ts'
import { forwardProviderEvents } from './providerEvents.ts'
import { AddressListSchema, AddressSchema, ChainIdHexSchema } from './schemas.ts'
import { type RpcClients, getNativeBalance, toHttpRpcError } from './transport.ts'
import { providerOf, walletRequest } from './walletRequest.ts'

/** wallet_* calls answer null by spec; nothing in the answer is used. */
const Ignored = v.unknown()
/** What kit.request passes on from the wallet, as the wallet's own provider would. */
const ForApp = v.unknown()

export interface Eip155AdapterOptions {
  /** The kernel's sink for wallet events (IConnectionService.events), read when an event arrives. */
  readonly events: () => AdapterEvents
  readonly rpc: RpcClients
}

/**
 * The eip155 ChainAdapter over EIP-1193 wallets. It only talks to wallets and
 * nodes; the kernel's connection service owns every piece of state.
 */
export function createEip155Adapter({ events, rpc }: Eip155AdapterOptions): ChainAdapter & { dispose(): void } {
  // One set of listeners per connected wallet, so a reconnect never doubles the events.
  const watching = new Map<string, Disposer>()
  const watch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.set(connector.id, forwardProviderEvents(providerOf(connector), connector, events))
  }
  const unwatch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.delete(connector.id)
  }

  const readChainId = (connector: Connector) => walletRequest(providerOf(connector), 'eth_chainId', undefined, ChainIdHexSchema)

  const result = (addresses: readonly string[], chainId: number): ConnectResult => {
    const checksummed = addresses.map((address) => getAddress(address))
    return {
      address: checksummed[0]!,
      chainId,
      // Injected wallets hold externally owned accounts, whatever the app prefers.
      accounts: checksummed.map((address) => ({ address, type: 'eoa', namespace: 'eip155' })),
    }
  }

  const adapter: ChainAdapter & { dispose(): void } = {
    namespace: 'eip155',

    async connect(connector, network) {
      const provider = providerOf(connector)
      const addresses = await walletRequest(provider, 'eth_requestAccounts', undefined, AddressListSchema)
      if (addresses.length === 0) {
        throw new WalletError(Eip155ErrorText.NO_ACCOUNTS, { method: 'eth_requestAccounts' })
      }
      let chainId = await readChainId(connector)
      if (wantsSwitch(network, chainId)) {
        // A refused switch still connects: the kernel then shows the wallet's chain
        // as unsupported and the visitor can switch from there.
        try {
          await adapter.switchNetwork(connector, network)
        } catch {
          // fall through with the wallet's own chain
        }
        chainId = await readChainId(connector)
      }
      watch(connector)
      return result(addresses, chainId)
    },

    async reconnect(connector) {
      const provider = providerOf(connector)
      // eth_accounts never prompts: an empty list means the authorization is gone.
      const addresses = await walletRequest(provider, 'eth_accounts', undefined, AddressListSchema)
      if (addresses.length === 0) return undefined
      const chainId = await readChainId(connector)
      watch(connector)
      return result(addresses, chainId)
    },

    async disconnect(connector) {
      // Listeners go first: a wallet that answers a revoke with accountsChanged([])
      // must not start a second disconnect.
      unwatch(connector)
      try {
        await walletRequest(providerOf(connector), 'wallet_revokePermissions', [{ eth_accounts: {} }], Ignored)
      } catch {
        // Best effort: many wallets do not implement EIP-2255 revocation.
      }
    },

    async switchNetwork(connector, network) {
      const provider = providerOf(connector)
      const chainId = numberToHex(Number(network.id))
      const switchChain = () => walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }], Ignored)
      try {
        await switchChain()
      } catch (error) {
        // A wallet that does not know the chain (4902) is asked to add it, then to switch again.
        if (!isUnrecognizedChain(error)) throw error
        try {
          await walletRequest(provider, 'wallet_addEthereumChain', [addChainParameters(network, chainId)], Ignored)
        } catch (addError) {
          throw chainNotSupported(addError as WalletError, network.name)
        }
        await switchChain()
      }
    },

    async getBalance(address, network) {
      const checked = parseOrThrow(AddressSchema, address, () => new PorticoError(Eip155ErrorText.INVALID_ADDRESS, { details: String(address).slice(0, 100) }))
      try {
        const wei = await getNativeBalance(rpc.client(network), checked as `0x${string}`)
        return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
      } catch (error) {
        throw toHttpRpcError(error)
      }
    },

    getProvider: (connector) => connector.provider,

    async getProfile(address, network) {
      const { ensProfile } = await import('./ens.ts')
      return ensProfile(rpc.client(network), address)
    },

    // kit.request for a browser wallet: the kernel has checked that the method is allowed.
    request: (connector, { method, params }) => walletRequest(providerOf(connector), method, params, ForApp),

    dispose() {
      watching.forEach((dispose) => dispose())
      watching.clear()
      rpc.clear()
    },
  }
  return adapter
}

function wantsSwitch(network: CaipNetwork | undefined, chainId: number): network is CaipNetwork {
  return Boolean(network && network.chainNamespace === 'eip155' && !isUnsupportedPlaceholder(network) && Number(network.id) !== chainId)
}

/** EIP-3085 parameters from a Portico network. */
export function addChainParameters(network: CaipNetwork, chainId: `0x${string}`) {
  const explorers = Object.values(network.blockExplorers ?? {}).map((explorer) => explorer.url)
  return {
    chainId,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    ...(explorers.length > 0 ? { blockExplorerUrls: explorers } : {}),
  }
}
