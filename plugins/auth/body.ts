import {
  IAdapterRegistry,
  IAlertService,
  IChainStore,
  IConnectionService,
  IModalService,
  IPendingRequests,
  IRouter,
  IRpcRegistry,
  ISnackService,
  IStorage,
  IThemeStore,
  type PluginContext,
  resolve,
} from '../../kernel/index.ts'
import { createAuthAdapter } from './authAdapter.ts'
import { createAuthService } from './authService.ts'
import { createDeviceConsent, DEVICE_VIEW } from './deviceConsent.ts'
import { type FrameClient, type FrameClientOptions, createFrameClient } from './frameClient.ts'
import { createFrameSession } from './frameSession.ts'
import { APPROVE_VIEW, createRpcGate } from './rpcGate.ts'
import { IAuthService } from './contract.ts'
import { AUTH_CONNECTOR_ID, AUTH_NAMESPACES } from './service.ts'
import { ACCOUNT_TYPE_VIEW, createAccountTypeView } from './views/AccountType.tsx'
import { createApproveTransactionView } from './views/ApproveTransaction.tsx'
import { messages } from './locales/index.ts'

/**
 * The auth plugin body: the frame session (loaded on first use only), the AUTH
 * connector and its chain adapter for each configured eip155 / solana namespace, the
 * RPC gate with its approval view, and the AuthService the login plugins use.
 */
export function activate(context: PluginContext, createClient: (options: FrameClientOptions) => FrameClient = createFrameClient) {
  const { container, config, connectors, views, hooks } = context
  const storage = resolve(container, IStorage)
  const chains = resolve(container, IChainStore)
  const registry = resolve(container, IAdapterRegistry)
  const modal = resolve(container, IModalService)
  const router = resolve(container, IRouter)
  const rpc = resolve(container, IRpcRegistry)
  const connection = () => resolve(container, IConnectionService)
  const namespaces = AUTH_NAMESPACES.filter((ns) => config.networks.some((network) => network.chainNamespace === ns))
  const connectedThroughAuth = () => namespaces.filter((ns) => storage.get('connectedConnectorIds')?.[ns] === AUTH_CONNECTOR_ID)

  let signedIn = false
  const frame = createFrameSession({
    config,
    storage,
    theme: resolve(container, IThemeStore),
    alerts: resolve(container, IAlertService),
    createClient,
    chainId: () => {
      const stored = chains.networks().find((n) => n.caipNetworkId === storage.get('frameLastUsedChain'))
      return (stored ?? chains.get().activeCaipNetwork).id
    },
    onSessionEnded() {
      signedIn = false
      gate.abortUnsafe()
      connectedThroughAuth().forEach((ns) => connection().events.disconnected(ns, AUTH_CONNECTOR_ID))
    },
    onDevicePending: () => void consent.review(),
    // The login that was held for consent finishes now: the kit connects as after a code.
    onDeviceReleased: () => void auth.connect().catch(() => undefined),
  })

  const gate = createRpcGate({
    frame,
    modal,
    router,
    pending: resolve(container, IPendingRequests),
    snack: resolve(container, ISnackService),
    refreshBalance() {
      // The cached figure is the one before the transaction.
      storage.remove('nativeBalanceCache')
      connectedThroughAuth().forEach((ns) => void connection().syncBalance(ns))
    },
  })

  const consent = createDeviceConsent({ frame, modal, router, pending: resolve(container, IPendingRequests) })

  // The app's EIP-1193 `request` through the kit: its allow list, then this connection's gate.
  const provider = { request: (args: unknown) => rpc.request(args) }

  const disposers = namespaces.flatMap((namespace) => [
    connectors.add({ id: AUTH_CONNECTOR_ID, name: 'Email', type: 'AUTH', chain: namespace, capabilities: { sharedSession: true, listed: false } }),
    registry.register(
      createAuthAdapter({
        namespace,
        frame,
        gate,
        storage,
        chains,
        adapters: registry,
        provider,
        signedIn: () => void (signedIn = true),
        accountsChanged: (addresses) => connection().events.accountsChanged(namespace, AUTH_CONNECTOR_ID, addresses),
        setLoading: (loading) => modal.setLoading(loading),
        async signOut() {
          storage.remove('frameSessionToken')
          storage.clearLoginCache()
          if (!signedIn) return
          signedIn = false
          await frame.request('SIGN_OUT', undefined)
        },
      }),
      { connectorType: 'AUTH' },
    ),
  ])

  const auth = createAuthService({
    frame,
    storage,
    chains,
    namespaces,
    connect: (parameters) => connection().connect(parameters),
    accountsChanged: (namespace, addresses) => connection().events.accountsChanged(namespace, AUTH_CONNECTOR_ID, addresses),
  })
  container.register(IAuthService, { useValue: auth })

  disposers.push(
    views.register(APPROVE_VIEW, {
      component: createApproveTransactionView(frame),
      title: 'Approve Transaction',
      titleMessage: { catalogue: messages, key: 'auth.title.approveTransaction' },
    }),
    views.register(ACCOUNT_TYPE_VIEW, { component: createAccountTypeView(auth), title: 'Account type', titleMessage: { catalogue: messages, key: 'auth.accountType.title' } }),
    views.register(DEVICE_VIEW, {
      component: createApproveTransactionView(frame, 'auth.device.reviewHint'),
      title: 'Approve Device',
      titleMessage: { catalogue: messages, key: 'auth.title.approveDevice' },
    }),
    // A dropped connection fails the requests waiting for approval; reads carry on.
    hooks.addDisconnectCleanup((targets) => {
      if (targets.some((ns) => connectedThroughAuth().includes(ns as (typeof namespaces)[number]))) gate.abortUnsafe()
    }),
  )

  return () => {
    disposers
      .splice(0)
      .reverse()
      .forEach((dispose) => dispose())
    frame.dispose()
  }
}
