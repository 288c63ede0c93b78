import {
  type AdapterEvents,
  type ChainNamespace,
  ErrorText,
  IAdapterRegistry,
  IAlertService,
  IChainStore,
  IConnectionService,
  IEnvironment,
  IStorage,
  type PluginContext,
  PorticoError,
  resolve,
} from '../../kernel/index.ts'
import { type PickedWallet, type SessionAdapter, createSessionAdapter } from './adapter.ts'
import { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_NAME } from './constants.ts'
import { type WalletConnectController, storeDeepLinkChoice } from './controller.ts'
import { sessionAccounts } from './namespaces.ts'
import { createPairingLifecycle } from './pairing.ts'
import { IPairingStore, clearPairingOnCloseAndDisconnect, createPairingStore } from './pairingStore.ts'
import { createHttpWalletRegistry } from './registry.ts'
import { RELAY_TIMEOUT_MS, type Session, type SessionListener, type WalletConnectProviderOptions, createSessionClient } from './session.ts'
import { createAllWalletsView } from './views/AllWallets.tsx'
import { createConnectingWalletConnectView } from './views/ConnectingWalletConnect.tsx'
import { createConnectingWalletConnectBasicView } from './views/ConnectingWalletConnectBasic.tsx'
import type { WalletRegistry } from './registry.ts'
import { messages } from './locales/index.ts'
import { ALL_WALLETS_VIEW, CONNECTING_WALLET_CONNECT_BASIC_VIEW, CONNECTING_WALLET_CONNECT_VIEW } from './contract.ts'

export interface WalletConnectBodyOptions {
  readonly provider?: WalletConnectProviderOptions
  /** Replaces the HTTP registry of `endpoints.walletRegistry`. */
  readonly registry?: WalletRegistry
}

const logger: Pick<Console, 'warn' | 'error'> = console

/**
 * The walletconnect plugin body: a WALLET_CONNECT connector and a session
 * adapter per configured namespace, the pairing lifecycle, and the three views.
 * The universal provider itself downloads on first use (a pairing or a resume).
 */
export function activate(context: PluginContext, options: WalletConnectBodyOptions = {}) {
  const { container, config, connectors, views } = context
  const pairing = createPairingStore()
  container.register(IPairingStore, { useValue: pairing })
  const environment = resolve(container, IEnvironment)
  const storage = resolve(container, IStorage)
  const chains = resolve(container, IChainStore)
  const registryOfAdapters = resolve(container, IAdapterRegistry)
  const alerts = resolve(container, IAlertService)
  const service = () => resolve(container, IConnectionService)
  const events = (): AdapterEvents => service().events
  const namespaces = [...new Set(config.networks.map((network) => network.chainNamespace))]
  const adapters = new Map<ChainNamespace, SessionAdapter>()
  let picked: PickedWallet | undefined

  const listener: SessionListener = {
    uri: (uri) => lifecycle.uriReceived(uri),
    event(name, data, chainId) {
      const [namespace, reference] = chainId.split(':') as [ChainNamespace, string | undefined]
      const adapter = adapters.get(namespace)
      if (!adapter) return
      if (name === 'accountsChanged' && Array.isArray(data)) {
        const addresses = data.filter((a): a is string => typeof a === 'string').map((a) => a.split(':').at(-1)!)
        events().accountsChanged(namespace, WALLETCONNECT_CONNECTOR_ID, addresses)
      } else if (name === 'chainChanged') {
        const next = chainReference(data) ?? reference
        if (!next) return
        adapter.setChain(next)
        events().chainChanged(namespace, WALLETCONNECT_CONNECTOR_ID, namespace === 'eip155' ? Number(next) : next)
      }
    },
    updated(session: Session) {
      for (const [namespace, adapter] of adapters) {
        const accounts = sessionAccounts(session.namespaces, namespace)
        const onChain = accounts.filter((a) => a.chainId === adapter.chain()).map((a) => a.address)
        events().accountsChanged(namespace, WALLETCONNECT_CONNECTOR_ID, onChain.length ? onChain : accounts.slice(0, 1).map((a) => a.address))
      }
    },
    ended() {
      for (const namespace of adapters.keys()) events().disconnected(namespace, WALLETCONNECT_CONNECTOR_ID)
    },
    relayLost: () => lifecycle.relayLost(),
    relayBack: () => lifecycle.relayBack(),
  }

  const client = createSessionClient({ config, options: options.provider ?? {}, listener, alerts, logger })

  /** The namespace a connect through WalletConnect is for: the active one, when WalletConnect serves it. */
  const target = (): ChainNamespace => {
    const active = chains.get().activeNamespace
    const available = connectors.list().filter((c) => c.type === 'WALLET_CONNECT' && c.id === WALLETCONNECT_CONNECTOR_ID)
    const connector = available.find((c) => c.chain === active) ?? available[0]
    if (!connector) throw new PorticoError(ErrorText.WALLETCONNECT_CONNECTOR_NOT_FOUND)
    return connector.chain
  }

  const lifecycle = createPairingLifecycle<Session>({
    pairing,
    environment,
    pair: () => client.pair(),
    relayTimeoutMs: options.provider?.relayTimeoutMs ?? RELAY_TIMEOUT_MS,
    async startConnect() {
      try {
        await service().connect({ connectorId: WALLETCONNECT_CONNECTOR_ID, namespace: target() })
      } catch (error) {
        // The view shows the failure through wcError; a closed pairing is no failure.
        if (!lifecycle.pending()) logger.warn('[Portico] WalletConnect connection ended', error)
        throw error
      }
    },
  })

  const disposers: (() => void)[] = []
  for (const namespace of namespaces) {
    const adapter = createSessionAdapter({
      namespace,
      client,
      lifecycle,
      picked: () => picked,
      namespaceAdapter: () => registryOfAdapters.get(namespace),
      currentNetwork: () => chains.record(namespace)?.networkState.caipNetwork,
    })
    adapters.set(namespace, adapter)
    disposers.push(
      connectors.add({
        id: WALLETCONNECT_CONNECTOR_ID,
        name: WALLETCONNECT_NAME,
        type: 'WALLET_CONNECT',
        chain: namespace,
        capabilities: { sharedSession: true, relaysWallets: true },
      }),
      registryOfAdapters.register(adapter, { connectorType: 'WALLET_CONNECT' }),
    )
  }

  const registry =
    options.registry ??
    (config.endpoints.walletRegistry
      ? createHttpWalletRegistry(config.endpoints.walletRegistry, {
          projectId: config.projectId,
          onInvalidEntry: (issue) => logger.warn(`[Portico] ignored a wallet registry entry: ${issue}`),
        })
      : undefined)

  const controller: WalletConnectController = {
    pairing,
    environment,
    registry,
    request: (requestOptions) => lifecycle.request(requestOptions),
    pick(wallet) {
      picked = wallet && { id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl }
    },
    rememberDeepLink: (link, wallet) => storeDeepLinkChoice(storage, link, wallet),
    open(url, target) {
      globalThis.open?.(url, target, target === '_blank' ? 'noopener,noreferrer' : undefined)
    },
  }

  disposers.push(clearPairingOnCloseAndDisconnect(context.hooks, pairing, storage))

  disposers.push(
    views.register(CONNECTING_WALLET_CONNECT_VIEW, {
      component: createConnectingWalletConnectView(controller),
      title: 'WalletConnect',
      titleMessage: { catalogue: messages, key: 'walletconnect.title.walletConnect' },
    }),
    views.register(CONNECTING_WALLET_CONNECT_BASIC_VIEW, {
      component: createConnectingWalletConnectBasicView(controller),
      title: 'WalletConnect',
      titleMessage: { catalogue: messages, key: 'walletconnect.title.walletConnect' },
    }),
    views.register(ALL_WALLETS_VIEW, {
      component: createAllWalletsView(controller),
      title: 'All Wallets',
      titleMessage: { catalogue: messages, key: 'walletconnect.title.allWallets' },
    }),
  )

  return () => {
    disposers
      .splice(0)
      .reverse()
      .forEach((dispose) => dispose())
    lifecycle.dispose()
    client.dispose()
  }
}

/** A chainChanged payload (number, hex or CAIP-2 string) as a bare chain reference. */
function chainReference(data: unknown): string | undefined {
  if (typeof data === 'number' && Number.isSafeInteger(data) && data > 0) return String(data)
  if (typeof data !== 'string' || data.length > 64) return undefined
  const reference = data.includes(':') ? data.split(':')[1] : data
  if (!reference) return undefined
  return /^0x[0-9a-f]+$/i.test(reference) ? String(Number.parseInt(reference, 16)) : reference
}
