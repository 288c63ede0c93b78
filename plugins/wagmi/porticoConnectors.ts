import { type Address, type Chain, type EIP1193Provider, UserRejectedRequestError, getAddress } from 'viem'
import { type CreateConnectorFn, createConnector } from 'wagmi'
import type { ViewName } from '../../kernel/index.ts'
import {
  type ConnectorKit,
  type ConnectorKitHost,
  PORTICO_CONNECTOR_TYPE,
  type PorticoConnectorsOptions,
  createConnectorKitHost,
} from './connectorKit.ts'

export type { PorticoConnectorsOptions } from './connectorKit.ts'

/** What the kit's own connector is called, and where its login starts. */
interface PorticoConnectorKind {
  readonly id: string
  readonly name: string
  /** The kit's connector this wagmi connector stands for. */
  readonly kitConnectorId: string
  /** The view the login starts on; the Connect view (its email field) when absent. */
  readonly view?: ViewName
}

const EMBEDDED: PorticoConnectorKind = { id: 'portico.embedded', name: 'Email', kitConnectorId: 'auth' }
const WALLET_CONNECT: PorticoConnectorKind = {
  id: 'portico.walletConnect',
  name: 'WalletConnect',
  kitConnectorId: 'walletConnect',
  view: 'ConnectingWalletConnectBasic',
}

/**
 * How long a reload waits for the kit to resume the connection wagmi stored (the frame or
 * the relay answering), before wagmi's reconnect is told there is none (Portico's choice).
 */
export const PORTICO_RESUME_WAIT_MS = 10_000

/** The fields by which `wagmiPlugin` knows a Portico connector in the app's config. */
export interface PorticoConnectorProperties extends Record<string, unknown> {
  readonly porticoHost: ConnectorKitHost
  readonly kitConnectorId: string
}

/**
 * Portico's embedded wallet (email login, when `frame` is given) and WalletConnect (when
 * `walletConnect: walletConnectPlugin()` is given) as wagmi connectors, for wagmi 2 and 3. In an app's own connect UI, `connect({ connector })` opens
 * Portico's login view (the email field, or the QR code) and resolves with the account. The
 * kit behind them is downloaded on first use; with `wagmiPlugin` on the same config it is the
 * app's own kit, whose modal then lists each once.
 *
 * @example
 * createConfig({
 *   chains,
 *   transports,
 *   connectors: porticoConnectors({ projectId, frame: 'https://frame.example.com', walletConnect: walletConnectPlugin() }),
 * })
 */
export function porticoConnectors(options: PorticoConnectorsOptions): CreateConnectorFn[] {
  let chains: readonly Chain[] = []
  const host = createConnectorKitHost(async () => (await import('./ownKit.ts')).createOwnKit(options, chains))
  const kinds = [...(options.frame ? [EMBEDDED] : []), ...(options.walletConnect ? [WALLET_CONNECT] : [])]
  return kinds.map((kind) =>
    porticoConnector(kind, host, (configChains) => {
      chains = configChains
    }),
  )
}

function porticoConnector(kind: PorticoConnectorKind, host: ConnectorKitHost, setChains: (chains: readonly Chain[]) => void) {
  return createConnector<EIP1193Provider, PorticoConnectorProperties>((config) => {
    setChains(config.chains)
    // Whether wagmi connected this connector, so a reload asks the kit only then.
    const storedKey = `${kind.id}.connected` as const
    const storage = config.storage as { getItem(key: string): Promise<unknown>; setItem(key: string, value: unknown): Promise<void>; removeItem(key: string): Promise<void> } | null | undefined
    let unfollow: (() => void) | undefined

    const connected = (kit: ConnectorKit): Address | undefined => {
      const account = kit.chains.record('eip155')?.accountState
      const through = kit.storage.get('connectedConnectorIds')?.eip155
      return account?.status === 'connected' && account.address && through === kind.kitConnectorId ? getAddress(account.address) : undefined
    }
    const chainIdOf = (kit: ConnectorKit) => {
      const active = kit.chains.get().activeCaipNetwork
      return active.chainNamespace === 'eip155' ? Number(active.id) : config.chains[0].id
    }
    /** wagmi hears of the kit's account and chain changes, and of its disconnect. */
    const follow = (kit: ConnectorKit) => {
      unfollow?.()
      let last = { address: connected(kit), chainId: chainIdOf(kit) }
      unfollow = kit.chains.subscribe(() => {
        const now = { address: connected(kit), chainId: chainIdOf(kit) }
        if (!now.address) {
          unfollow?.()
          unfollow = undefined
          void storage?.removeItem(storedKey)
          config.emitter.emit('disconnect')
        } else if (now.address !== last.address) config.emitter.emit('change', { accounts: [now.address] })
        else if (now.chainId !== last.chainId) config.emitter.emit('change', { chainId: now.chainId })
        last = now
      })
    }

    return {
      id: kind.id,
      name: kind.name,
      type: PORTICO_CONNECTOR_TYPE,
      porticoHost: host,
      kitConnectorId: kind.kitConnectorId,
      async connect(parameters) {
        const kit = await host.kit()
        if (parameters?.isReconnecting) {
          if (!(await resumed(kit, kind.kitConnectorId, connected))) throw new UserRejectedRequestError(new Error('No stored Portico connection'))
        } else if (!connected(kit)) await login(kit, kind)
        const address = connected(kit)!
        if (parameters?.chainId !== undefined && parameters.chainId !== chainIdOf(kit)) await this.switchChain!({ chainId: parameters.chainId })
        await storage?.setItem(storedKey, true)
        follow(kit)
        const accounts = parameters?.withCapabilities ? [{ address, capabilities: {} }] : [address]
        return { accounts, chainId: chainIdOf(kit) } as never
      },
      async disconnect() {
        unfollow?.()
        unfollow = undefined
        await storage?.removeItem(storedKey)
        const kit = host.current()
        if (kit && connected(kit)) await kit.disconnect('eip155')
      },
      async getAccounts() {
        const address = connected(await host.kit())
        return address ? [address] : []
      },
      async getChainId() {
        const kit = host.current()
        return kit ? chainIdOf(kit) : config.chains[0].id
      },
      async getProvider() {
        return (await host.kit()).getProvider('eip155') as EIP1193Provider
      },
      async isAuthorized() {
        // Nothing downloads on a visit whose wagmi did not connect through Portico.
        if (!(await storage?.getItem(storedKey))) return false
        return resumed(await host.kit(), kind.kitConnectorId, connected)
      },
      async switchChain({ chainId }) {
        const kit = await host.kit()
        const network = kit.chains.networks().find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
        const chain = config.chains.find((c) => c.id === chainId)
        if (!network || !chain) throw new Error(`Chain ${chainId} is not in the wagmi config`)
        await kit.switchNetwork(network)
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

/**
 * Opens the kit's login view and waits until the kit is connected through this connector;
 * closing the modal first is the visitor's refusal.
 */
function login(kit: ConnectorKit, kind: PorticoConnectorKind): Promise<void> {
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = []
    const end = (error?: Error) => {
      stops.forEach((stop) => stop())
      if (error) reject(error)
      else resolve()
    }
    const check = () => {
      const account = kit.chains.record('eip155')?.accountState
      if (account?.status === 'connected' && kit.storage.get('connectedConnectorIds')?.eip155 === kind.kitConnectorId) end()
    }
    stops.push(kit.chains.subscribe(check))
    stops.push(
      kit.modal.store.subscribe(({ open }) => {
        if (!open) queueMicrotask(() => (check(), end(new UserRejectedRequestError(new Error('The Portico modal was closed')))))
      }),
    )
    kit.modal.open(kind.view ? { view: kind.view } : undefined)
  })
}

/** Waits for the kit to resume a stored connection: true when it is this connector's. */
function resumed(kit: ConnectorKit, kitConnectorId: string, connected: (kit: ConnectorKit) => Address | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (connected(kit)) return done(true)
      const account = kit.chains.record('eip155')?.accountState
      if (account?.status !== 'connecting' && kit.storage.get('connectedConnectorIds')?.eip155 !== kitConnectorId) done(false)
    }
    const stop = kit.chains.subscribe(check)
    const timer = setTimeout(() => done(false), PORTICO_RESUME_WAIT_MS)
    function done(result: boolean) {
      clearTimeout(timer)
      stop()
      resolve(result)
    }
    check()
  })
}
