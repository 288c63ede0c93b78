import type { CaipNetwork, ChainNamespace, ChainStore, ModalService, PluginManifest, PorticoStorage } from '../../kernel/index.ts'

/**
 * The kit as Portico's wagmi connectors use it: a subset of `PorticoKit`, so the app's own
 * kit (bound by `wagmiPlugin`) and the one the connectors create for an app without it
 * serve alike.
 */
export interface ConnectorKit {
  readonly chains: ChainStore
  readonly modal: ModalService
  readonly storage: PorticoStorage
  getProvider(namespace: ChainNamespace): unknown
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
}

/** The wagmi connector type of Portico's connectors: `wagmiPlugin` lists the kit's own entries instead. */
export const PORTICO_CONNECTOR_TYPE = 'portico'

/** Whether wagmi connected the Portico connector `id` (in wagmi's storage): a reload asks the kit only then. */
export const storedKey = (id: string) => `${id}.connected`

/** What a Portico connector's options need to create a kit of its own. */
export interface PorticoConnectorsOptions {
  /** The project id the frame server and the relay know the app by. */
  readonly projectId: string
  /** The WalletConnect relay (`endpoints.relay`); the public one by default. */
  readonly relay?: string
  /** The embedded wallet's frame server (`endpoints.frame`); without one there is no embedded wallet connector. */
  readonly frame?: string
  /**
   * `walletConnectPlugin()` from `portico/walletconnect`, for a WalletConnect connector. The
   * app hands it over (rather than portico/wagmi importing it) because its universal provider
   * is an optional peer: an app without it installed must still build.
   */
  readonly walletConnect?: PluginManifest
}

/**
 * Where the Portico connectors of one `porticoConnectors()` call get their kit: the app's
 * own, when `wagmiPlugin` runs on the same config (one modal, one session), else one they
 * create on first use (nothing of it downloads before a connector is used).
 */
export interface ConnectorKitHost {
  /** `wagmiPlugin` saw these connectors in its config: the kit comes from its body, not from `create`. */
  expect(): void
  bind(kit: ConnectorKit): void
  kit(): Promise<ConnectorKit>
  /** The kit when one exists already (no download). */
  current(): ConnectorKit | undefined
}

export function createConnectorKitHost(create: () => Promise<ConnectorKit>): ConnectorKitHost {
  let bound: ConnectorKit | undefined
  let waiting: ((kit: ConnectorKit) => void) | undefined
  let pending: Promise<ConnectorKit> | undefined
  return {
    expect() {
      pending ??= new Promise((resolve) => (waiting = resolve))
    },
    bind(kit) {
      bound = kit
      waiting?.(kit)
      pending = Promise.resolve(kit)
    },
    kit: () => (pending ??= create().then((kit) => (bound = kit))),
    current: () => bound,
  }
}
