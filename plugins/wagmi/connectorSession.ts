import { type Address, type Chain, type EIP1193Provider, UserRejectedRequestError, getAddress } from 'viem'
import type { ViewName } from '../../kernel/index.ts'
import type { ConnectorKit, ConnectorKitHost } from './connectorKit.ts'

/** What the kit's own connector is called, and where its login starts. */
export interface PorticoConnectorKind {
  readonly id: string
  readonly name: string
  /** The kit's connector this wagmi connector stands for. */
  readonly kitConnectorId: string
  /** The view the login starts on; the Connect view (its email field) when absent. */
  readonly view?: ViewName
}

/**
 * How long a reload waits for the kit to resume the connection wagmi stored (the frame or
 * the relay answering), before wagmi's reconnect is told there is none (Portico's choice).
 */
export const PORTICO_RESUME_WAIT_MS = 10_000

/** The part of wagmi's connector config a session uses (`createConnector`'s argument). */
export interface SessionConfig {
  readonly chains: readonly [Chain, ...Chain[]]
  readonly emitter: { emit(event: 'change', data: { accounts?: readonly Address[]; chainId?: number }): void; emit(event: 'disconnect'): void }
  readonly storage: ConnectorStorage | null | undefined
}

export interface ConnectorStorage {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<void>
  removeItem(key: string): Promise<void>
}

/**
 * A Portico connector's work, loaded on its first use (the connector in the app's config is a
 * thin shell): logging in through the kit's views, answering wagmi from the kit's state,
 * and telling wagmi of the kit's account, chain and disconnect.
 */
export function createConnectorSession(kind: PorticoConnectorKind, host: ConnectorKitHost, config: SessionConfig, storedKey: string) {
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
  const stopFollowing = () => {
    unfollow?.()
    unfollow = undefined
  }
  /** wagmi hears of the kit's account and chain changes, and of its disconnect. */
  const follow = (kit: ConnectorKit) => {
    stopFollowing()
    let last = { address: connected(kit), chainId: chainIdOf(kit) }
    unfollow = kit.chains.subscribe(() => {
      const now = { address: connected(kit), chainId: chainIdOf(kit) }
      if (!now.address) {
        stopFollowing()
        void config.storage?.removeItem(storedKey)
        config.emitter.emit('disconnect')
      } else if (now.address !== last.address) config.emitter.emit('change', { accounts: [now.address] })
      else if (now.chainId !== last.chainId) config.emitter.emit('change', { chainId: now.chainId })
      last = now
    })
  }

  const session = {
    async connect(parameters?: { chainId?: number | undefined; isReconnecting?: boolean | undefined; withCapabilities?: boolean | undefined }) {
      const kit = await host.kit()
      if (parameters?.isReconnecting) {
        if (!(await resumed(kit, kind.kitConnectorId, connected))) throw new UserRejectedRequestError(new Error('No stored Portico connection'))
      } else if (!connected(kit)) await login(kit, kind, connected)
      const address = connected(kit)!
      if (parameters?.chainId !== undefined && parameters.chainId !== chainIdOf(kit)) await session.switchChain({ chainId: parameters.chainId })
      await config.storage?.setItem(storedKey, true)
      follow(kit)
      const accounts = parameters?.withCapabilities ? [{ address, capabilities: {} }] : [address]
      return { accounts, chainId: chainIdOf(kit) }
    },
    async disconnect() {
      stopFollowing()
      await config.storage?.removeItem(storedKey)
      const kit = host.current()
      if (kit && connected(kit)) await kit.disconnect('eip155')
    },
    async getAccounts(): Promise<readonly Address[]> {
      const address = connected(await host.kit())
      return address ? [address] : []
    },
    getChainId: async () => chainIdOf(await host.kit()),
    getProvider: async () => (await host.kit()).getProvider('eip155') as EIP1193Provider,
    isAuthorized: async () => resumed(await host.kit(), kind.kitConnectorId, connected),
    async switchChain({ chainId }: { chainId: number }): Promise<Chain> {
      const kit = await host.kit()
      const network = kit.chains.networks().find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
      const chain = config.chains.find((c) => c.id === chainId)
      if (!network || !chain) throw new Error(`Chain ${chainId} is not in the wagmi config`)
      await kit.switchNetwork(network)
      config.emitter.emit('change', { chainId })
      return chain
    },
  }
  return session
}

export type ConnectorSession = ReturnType<typeof createConnectorSession>

/**
 * Opens the kit's login view and waits until the kit is connected through this connector;
 * closing the modal first is the visitor's refusal.
 */
function login(kit: ConnectorKit, kind: PorticoConnectorKind, connected: (kit: ConnectorKit) => Address | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = []
    const end = (error?: Error) => {
      stops.forEach((stop) => stop())
      if (error) reject(error)
      else resolve()
    }
    const check = () => {
      if (connected(kit)) end()
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
