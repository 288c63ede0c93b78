import * as v from 'valibot'
import {
  type AdapterEvents,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectResult,
  type Connector,
  type Disposer,
  ErrorText,
  PorticoError,
  isUnsupportedPlaceholder,
} from '../../../kernel/index.ts'
import { callFeature, hasFeature, onAccountsChange, safeParse, WalletError } from '../../../kernel/wallets/index.ts'
import { accountsOf, readAccounts } from './accounts.ts'
import { standardChainOf } from './chains.ts'
import { BitcoinErrorText } from './errors.ts'
import { type BitcoinProvider, createBitcoinProvider } from './provider.ts'
import { ConnectOutputSchema } from './schemas.ts'

export interface Bip122AdapterOptions {
  readonly events: () => AdapterEvents
  /** The kit's Bitcoin network now (the bip122 chain record's network). */
  readonly network: () => CaipNetwork | undefined
}

const ChainsSchema = v.object({ chains: v.array(v.string()) })

/**
 * The bip122 ChainAdapter over Wallet Standard bitcoin wallets. Account type is
 * payment; amounts are satoshis, 8 decimals.
 */
export function createBip122Adapter(options: Bip122AdapterOptions): ChainAdapter & { getProvider(connector: Connector): BitcoinProvider; dispose(): void } {
  const watching = new Map<string, Disposer>()
  const providers = new WeakMap<object, BitcoinProvider>()

  const watch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.set(
      connector.id,
      onAccountsChange(connector.provider, (accounts) =>
        options.events().accountsChanged(
          'bip122',
          connector.id,
          accountsOf(accounts).map((a) => a.address),
        ),
      ),
    )
  }
  const unwatch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.delete(connector.id)
  }

  const result = (addresses: readonly string[], network: CaipNetwork | undefined): ConnectResult => {
    if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    // The payment address is the account (bip122 default account type payment).
    return { address: addresses[0]!, chainId: network.id, accounts: [{ address: addresses[0]!, type: 'payment', namespace: 'bip122' }] }
  }

  return {
    namespace: 'bip122',

    async connect(connector, network) {
      const output = await callFeature(connector.provider, 'bitcoin:connect', 'connect', [{ purposes: ['payment', 'ordinals'] }], ConnectOutputSchema)
      const addresses = accountsOf(output.accounts).map((a) => a.address)
      if (addresses.length === 0) throw new WalletError(BitcoinErrorText.NO_ACCOUNTS, { method: 'bitcoin:connect' })
      watch(connector)
      const target = network && network.chainNamespace === 'bip122' && !isUnsupportedPlaceholder(network) ? network : options.network()
      return result(addresses, target)
    },

    async reconnect(connector) {
      // `bitcoin:connect` has no silent mode; a wallet that still authorizes the site lists its accounts.
      const addresses = readAccounts(connector.provider).map((a) => a.address)
      if (addresses.length === 0) return undefined
      watch(connector)
      return result(addresses, options.network())
    },

    async disconnect(connector) {
      unwatch(connector)
      try {
        if (hasFeature(connector.provider, 'standard:disconnect', 'disconnect')) {
          await callFeature(connector.provider, 'standard:disconnect', 'disconnect', [], v.unknown())
        }
      } catch {
        // Best effort: the kit forgets the connection whatever the wallet says.
      }
    },

    async switchNetwork(connector, network) {
      const chains = safeParse(ChainsSchema, connector.provider)?.chains
      if (chains && !chains.includes(standardChainOf(network))) {
        throw new PorticoError(ErrorText.CHAIN_NOT_SUPPORTED, { details: `${connector.name}: ${standardChainOf(network)}` })
      }
    },

    async getBalance(_address, network) {
      // Balance is supported on eip155 and solana only. A Bitcoin balance is the sum of
      // the wallet's UTXOs across all its addresses, which needs an indexer the kit does not have.
      return { balance: '0', symbol: network.nativeCurrency.symbol }
    },

    getProvider(connector) {
      const key = (typeof connector.provider === 'object' && connector.provider) || connector
      let provider = providers.get(key)
      if (!provider) providers.set(key, (provider = createBitcoinProvider(connector.provider, options.network)))
      return provider
    },

    dispose() {
      watching.forEach((dispose) => dispose())
      watching.clear()
    },
  }
}
