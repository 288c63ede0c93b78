import type { Chain, EIP1193Provider } from 'viem'
import { type CreateConnectorFn, createConnector } from 'wagmi'
import { type ConnectorKit, type ConnectorKitHost, PORTICO_CONNECTOR_TYPE, type PorticoConnectorsOptions, createConnectorKitHost, storedKey } from './connectorKit.ts'
import type { CaipNetwork } from '../../kernel/index.ts'
import { networkOfChain } from './networkOfChain.ts'
import type { ConnectorSession, ConnectorStorage, PorticoConnectorKind } from './connectorSession.ts'

export type { PorticoConnectorsOptions } from './connectorKit.ts'

const EMBEDDED: PorticoConnectorKind = { id: 'portico.embedded', name: 'Email', kitConnectorId: 'auth' }
const WALLET_CONNECT: PorticoConnectorKind = {
  id: 'portico.walletConnect',
  name: 'WalletConnect',
  kitConnectorId: 'walletConnect',
  view: 'ConnectingWalletConnectBasic',
}

/** The fields by which `wagmiPlugin` knows a Portico connector in the app's config. */
export interface PorticoConnectorProperties extends Record<string, unknown> {
  readonly porticoHost: ConnectorKitHost
  readonly kitConnectorId: string
}

/**
 * Portico's embedded wallet (email login, when `frame` is given) and WalletConnect (when
 * `walletConnect: walletConnectPlugin()` is given) as wagmi connectors, for wagmi 2 and 3.
 * In an app's own connect UI, `connect({ connector })` opens Portico's login view (the email
 * field, or the QR code) and resolves with the account. The kit behind them, and the
 * connectors' own work, download on first use; with `wagmiPlugin` on the same config the kit
 * is the app's own, whose modal then lists each once.
 *
 * @example
 * createConfig({
 *   chains,
 *   transports,
 *   connectors: porticoConnectors({ projectId, frame: 'https://frame.example.com', walletConnect: walletConnectPlugin() }),
 * })
 */
export function createPorticoConnectors(
  options: PorticoConnectorsOptions,
  loadOwnKit: (options: PorticoConnectorsOptions, networks: readonly CaipNetwork[]) => Promise<ConnectorKit>,
): CreateConnectorFn[] {
  let chains: readonly Chain[] = []
  const host = createConnectorKitHost(() => loadOwnKit(options, chains.map(networkOfChain)))
  const kinds = [...(options.frame ? [EMBEDDED] : []), ...(options.walletConnect ? [WALLET_CONNECT] : [])]
  return kinds.map((kind) =>
    porticoConnector(kind, host, (configChains) => {
      chains = configChains
    }),
  )
}

/** The connector in the app's config: a shell whose work (connectorSession.ts) loads when it is used. */
function porticoConnector(kind: PorticoConnectorKind, host: ConnectorKitHost, setChains: (chains: readonly Chain[]) => void) {
  return createConnector<EIP1193Provider, PorticoConnectorProperties>((config) => {
    setChains(config.chains)
    const storage = config.storage as ConnectorStorage | null | undefined
    let session: Promise<ConnectorSession> | undefined
    /** A session in this page, or one stored by an earlier visit. */
    const ready = async () => session ?? (await storage?.getItem(storedKey(kind.id)))
    const load = () =>
      (session ??= import('./connectorSession.ts').then(({ createConnectorSession }) => createConnectorSession(kind, host, { ...config, storage }, storedKey(kind.id))))
    return {
      id: kind.id,
      name: kind.name,
      type: PORTICO_CONNECTOR_TYPE,
      porticoHost: host,
      kitConnectorId: kind.kitConnectorId,
      connect: async (parameters) => (await (await load()).connect(parameters)) as never,
      disconnect: async () => (await load()).disconnect(),
      getAccounts: async () => (await load()).getAccounts(),
      getChainId: async () => (host.current() ? (await load()).getChainId() : config.chains[0].id),
      // wagmi 2's reconnect asks every connector for its provider before asking isAuthorized: with
      // no session here and none stored, it answers nothing (wagmi skips the connector), so nothing
      // downloads on a visit whose wagmi did not connect through Portico.
      getProvider: async () => ((await ready()) && (await load()).getProvider()) as never,
      isAuthorized: async () => !!(await ready()) && (await load()).isAuthorized(),
      switchChain: async (parameters) => (await load()).switchChain(parameters),
      onAccountsChanged: (accounts) => (accounts.length === 0 ? config.emitter.emit('disconnect') : config.emitter.emit('change', { accounts: accounts as `0x${string}`[] })),
      onChainChanged: (chainId) => config.emitter.emit('change', { chainId: Number(chainId) }),
      onDisconnect: () => config.emitter.emit('disconnect'),
    }
  })
}
