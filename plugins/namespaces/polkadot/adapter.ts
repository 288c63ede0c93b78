import type * as v from 'valibot'
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
import { callWallet, invalidAnswer, parseOrThrow, safeParse, WalletError } from '../../../kernel/wallets/index.ts'
import { PolkadotErrorText } from './errors.ts'
import { InjectedAccountSchema, InjectedExtensionSchema, InjectedSchema, SignRawOutputSchema } from './schemas.ts'

/** What `kit.getProvider('polkadot')` returns: the extension's injected object and raw-bytes signing. */
export interface PolkadotProvider {
  readonly extension: string
  readonly injected: unknown
  /** Signs UTF-8 text or bytes with `signer.signRaw` (type bytes); resolves with the hex signature. */
  signMessage(message: string | Uint8Array, address?: string): Promise<`0x${string}`>
}

export interface PolkadotAdapterOptions {
  readonly events: () => AdapterEvents
  readonly network: () => CaipNetwork | undefined
  readonly address: () => string | undefined
  /** The name the extension shows when asking the visitor (the app's metadata name). */
  readonly appName: string
}

const toHex = (bytes: Uint8Array) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as const

/**
 * The polkadot ChainAdapter over `window.injectedWeb3` extensions: `enable(appName)`
 * grants access, `accounts.get()` lists the accounts (eoa).
 */
export function createPolkadotAdapter(options: PolkadotAdapterOptions): ChainAdapter & { getProvider(connector: Connector): PolkadotProvider; dispose(): void } {
  const enabled = new Map<string, Promise<v.InferOutput<typeof InjectedSchema>>>()
  const watching = new Map<string, Disposer>()
  const providers = new WeakMap<object, PolkadotProvider>()

  const enable = (connector: Connector) => {
    let pending = enabled.get(connector.id)
    if (!pending) {
      pending = (async () => {
        if (!safeParse(InjectedExtensionSchema, connector.provider)) {
          throw new WalletError(PolkadotErrorText.NO_EXTENSION, { method: 'enable', details: connector.name })
        }
        const injected = await callWallet(connector.provider, 'enable', [options.appName])
        return parseOrThrow(InjectedSchema, injected, (issue) => invalidAnswer('enable', issue))
      })()
      // A refusal is not remembered: the visitor may accept next time.
      pending.catch(() => enabled.delete(connector.id))
      enabled.set(connector.id, pending)
    }
    return pending
  }

  const addressesOf = (list: unknown) =>
    (Array.isArray(list) ? list : []).flatMap((entry) => {
      const account = safeParse(InjectedAccountSchema, entry)
      return account ? [account.address] : []
    })

  const accounts = async (connector: Connector) => {
    const injected = await enable(connector)
    return addressesOf(await callWallet(injected.accounts, 'get', [], 'accounts.get'))
  }

  const watch = async (connector: Connector) => {
    watching.get(connector.id)?.()
    const injected = await enable(connector)
    if (typeof injected.accounts.subscribe !== 'function') return
    try {
      const off = injected.accounts.subscribe((list: unknown) => options.events().accountsChanged('polkadot', connector.id, addressesOf(list)))
      watching.set(connector.id, () => {
        try {
          if (typeof off === 'function') off()
        } catch {
          // gone already
        }
      })
    } catch {
      // Without a subscription, changes show on the next connect.
    }
  }

  const createProvider = (connector: Connector): PolkadotProvider => ({
    extension: connector.id,
    get injected() {
      return enabled.get(connector.id)
    },
    async signMessage(message, address = options.address()) {
      if (!address) throw new WalletError(PolkadotErrorText.NOT_CONNECTED, { method: 'signRaw' })
      const injected = await enable(connector)
      const data = toHex(typeof message === 'string' ? new TextEncoder().encode(message) : message)
      const answer = await callWallet(injected.signer, 'signRaw', [{ address, data, type: 'bytes' }])
      const parsed = parseOrThrow(SignRawOutputSchema, answer, (issue) => invalidAnswer('signRaw', issue))
      return parsed.signature as `0x${string}`
    },
  })

  const result = (addresses: string[], network: CaipNetwork | undefined): ConnectResult => {
    if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    return { address: addresses[0]!, chainId: network.id, accounts: addresses.map((address) => ({ address, type: 'eoa', namespace: 'polkadot' })) }
  }

  return {
    namespace: 'polkadot',

    async connect(connector, network) {
      const addresses = await accounts(connector)
      if (addresses.length === 0) throw new WalletError(PolkadotErrorText.NO_ACCOUNTS, { method: 'accounts.get' })
      await watch(connector)
      const target = network && network.chainNamespace === 'polkadot' && !isUnsupportedPlaceholder(network) ? network : options.network()
      return result(addresses, target)
    },

    async reconnect(connector) {
      // Extensions have no silent mode, but `enable` does not prompt for a site the visitor already
      // allowed; for one that is no longer allowed it may ask again, which is the extension's choice.
      const addresses = await accounts(connector).catch(() => [])
      if (addresses.length === 0) return undefined
      await watch(connector)
      return result(addresses, options.network())
    },

    async disconnect(connector) {
      // The injected API has no revoke: the site stays allowed in the extension until the visitor removes it.
      watching.get(connector.id)?.()
      watching.delete(connector.id)
      enabled.delete(connector.id)
    },

    async switchNetwork() {
      // An SS58 account signs for any chain; the network is the app's choice.
    },

    async getBalance(_address, network) {
      // Balance is supported on eip155 and solana only (a Polkadot balance needs a
      // substrate RPC client and the chain's metadata, which the kit does not carry).
      return { balance: '0', symbol: network.nativeCurrency.symbol }
    },

    getProvider(connector) {
      // One object per connector: the host app's hooks (useSyncExternalStore) compare it by identity.
      const key = (typeof connector.provider === 'object' && connector.provider) || connector
      let provider = providers.get(key)
      if (!provider) providers.set(key, (provider = createProvider(connector)))
      return provider
    },

    dispose() {
      watching.forEach((dispose) => dispose())
      watching.clear()
      enabled.clear()
    },
  }
}
