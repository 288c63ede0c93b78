import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import { mainnet, solana } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { resolve } from '../container/token.ts'
import { IAdapterRegistry } from '../container/tokens.ts'
import type { Connector, ConnectorType } from '../connectorRegistry/connector.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { type StorageBackend, createMemoryBackend } from '../storage/storage.ts'
import type { ChainAdapter, ConnectResult } from './chainAdapter.ts'

// Issue 5: a connector kind can bring its own adapter per namespace (WalletConnect
// routes every namespace through its one session), beside or without the
// namespace's own plugin; a stored connection through a plugin's connector loads
// that plugin at start.
const EVM = '0xabc0000000000000000000000000000000000001'
const SESSION_EVM = '0xdef0000000000000000000000000000000000002'
const SESSION_SOL = 'So1anaSe55ionAddre55So1anaSe55ionAddre55'

function adapter(namespace: ChainNamespace, address: string, extra: Partial<ConnectResult> = {}) {
  return {
    namespace,
    connect: vi.fn(async (_c: Connector, network: { id: string | number }): Promise<ConnectResult> => ({ address, chainId: network.id, ...extra })),
    reconnect: vi.fn(async (): Promise<ConnectResult | undefined> => ({ address, chainId: 1, ...extra })),
    disconnect: vi.fn(async () => undefined),
    switchNetwork: vi.fn(async () => undefined),
    getBalance: vi.fn(async () => ({ balance: address === EVM ? '1.0' : '2.0', symbol: 'ETH' })),
    getProvider: vi.fn(() => ({ via: address })),
  } satisfies ChainAdapter
}

interface Setup {
  /** Register a namespace adapter for eip155 too (not in basic mode). */
  namespacePlugin?: boolean
  options?: Partial<PorticoOptions>
  backend?: StorageBackend
  sessionResult?: Partial<ConnectResult>
}

function setup({ namespacePlugin = true, options = {}, backend = createMemoryBackend(), sessionResult = {} }: Setup = {}) {
  const own = adapter('eip155', EVM)
  const session = adapter('eip155', SESSION_EVM, sessionResult)
  const sessionSolana = adapter('solana', SESSION_SOL)
  sessionSolana.reconnect.mockResolvedValue({ address: SESSION_SOL, chainId: solana.id })
  const plugins = [
    ...(namespacePlugin
      ? [
          definePlugin({
            id: 'evm',
            contributes: { namespaces: ['eip155'] },
            load: async () => ({ activate: (ctx) => resolve(ctx.container, IAdapterRegistry).register(own) }),
          }),
        ]
      : []),
    definePlugin({
      id: 'session',
      contributes: { views: ['SessionView'], connectors: ['session'] },
      load: async () => ({
        activate(ctx) {
          const registry = resolve(ctx.container, IAdapterRegistry)
          const disposers = [
            ctx.connectors.add({ id: 'session', name: 'Session', type: 'WALLET_CONNECT', chain: 'eip155', capabilities: { sharedSession: true, relaysWallets: true } }),
            ctx.connectors.add({ id: 'session', name: 'Session', type: 'WALLET_CONNECT', chain: 'solana', capabilities: { sharedSession: true, relaysWallets: true } }),
            registry.register(session, { connectorType: 'WALLET_CONNECT' }),
            registry.register(sessionSolana, { connectorType: 'WALLET_CONNECT' }),
          ]
          return () => disposers.forEach((dispose) => dispose())
        },
      }),
    }),
  ]
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet, solana], features: { analytics: false }, ...options, plugins },
    {
      storage: backend,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: vi.fn(), error: vi.fn() },
      fetch: globalThis.fetch,
    },
  )
  const addConnector = (id: string, type: ConnectorType = 'ANNOUNCED') => kit.connectors.add({ id, name: `${id} wallet`, type, chain: 'eip155', imageUrl: `https://img/${id}.png` })
  return { kit, own, session, sessionSolana, addConnector, backend }
}

const account = (kit: ReturnType<typeof setup>['kit']) => kit.chains.record('eip155')!.accountState

describe('adapters per connector type', () => {
  it('a WALLET_CONNECT connector connects, reads the balance, gives its provider, switches and disconnects through its own adapter', async () => {
    const { kit, own, session } = setup()
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    expect(session.connect).toHaveBeenCalledOnce()
    expect(own.connect).not.toHaveBeenCalled()
    expect(account(kit).address).toBe(SESSION_EVM)
    await vi.waitFor(() => expect(account(kit).balance).toBe('2.0'))
    expect(kit.getProvider('eip155')).toEqual({ via: SESSION_EVM })
    await kit.switchNetwork(mainnet)
    expect(session.switchNetwork).toHaveBeenCalledOnce()
    await kit.disconnect('eip155')
    expect(session.disconnect).toHaveBeenCalledOnce()
    expect(own.disconnect).not.toHaveBeenCalled()
  })

  it('an announced connector on the same namespace still uses the namespace adapter', async () => {
    const { kit, own, session, addConnector } = setup()
    await kit.restored
    await kit.plugins.load('session')
    addConnector('mm')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(own.connect).toHaveBeenCalledOnce()
    expect(session.connect).not.toHaveBeenCalled()
    expect(kit.getProvider('eip155')).toEqual({ via: EVM })
  })

  it('basic mode (no namespace plugin) connects through the connector-type adapter', async () => {
    const { kit, session } = setup({ namespacePlugin: false, options: { adapters: [] } })
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    expect(session.connect).toHaveBeenCalledOnce()
    expect(account(kit).status).toBe('connected')
  })
})

describe('the wallet behind a go-between connector (ConnectResult.wallet)', () => {
  it('is shown as the connected wallet and becomes a recent wallet, not the connector', async () => {
    const wallet = { id: 'registry-id', name: 'Phone Wallet', icon: 'https://img/phone.png' }
    const { kit } = setup({ sessionResult: { wallet } })
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    expect(account(kit).connectedWalletInfo).toEqual({ name: 'Phone Wallet', icon: 'https://img/phone.png', identifier: 'registry-id' })
    expect(kit.storage.get('recentWallets')).toEqual([{ id: 'registry-id', name: 'Phone Wallet', imageUrl: 'https://img/phone.png' }])
  })

  it('a WALLET_CONNECT connection with no registry wallet adds no recent wallet', async () => {
    const { kit } = setup({ sessionResult: { wallet: { name: 'Some Wallet' } } })
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    expect(account(kit).connectedWalletInfo?.name).toBe('Some Wallet')
    expect(kit.storage.get('recentWallets')).toBeUndefined()
  })
})

describe('resume through a plugin connector (contributes.connectors)', () => {
  it('a stored connection through the plugin loads it at start and resumes without a prompt', async () => {
    const first = setup()
    await first.kit.restored
    await first.kit.plugins.load('session')
    await first.kit.connect({ connectorId: 'session', namespace: 'eip155' })
    first.kit.destroy()

    const second = setup({ backend: first.backend })
    await second.kit.restored
    expect(second.kit.plugins.status.get()['session']).toMatchObject({ state: 'active' })
    expect(second.session.reconnect).toHaveBeenCalledOnce()
    expect(second.session.connect).not.toHaveBeenCalled()
    expect(account(second.kit)).toMatchObject({ address: SESSION_EVM, status: 'connected' })
  })

  it('a stored connection through another wallet resumes without loading the plugin', async () => {
    const first = setup()
    await first.kit.restored
    first.addConnector('mm')
    await first.kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    first.kit.destroy()
    const second = setup({ backend: first.backend })
    second.addConnector('mm')
    await second.kit.restored
    expect(account(second.kit)).toMatchObject({ address: EVM, status: 'connected' })
    expect(second.kit.plugins.status.get()['session']).toEqual({ state: 'idle' })
  })
})

describe('switching to a WalletConnect chain resyncs the account', () => {
  it('the account is read again from the session after the switch', async () => {
    const base2 = { ...mainnet, id: 8453, caipNetworkId: 'eip155:8453' as const, name: 'Base' }
    const { kit, session } = setup({ options: { networks: [mainnet, base2, solana] } })
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    const other = '0x1110000000000000000000000000000000000003'
    session.reconnect.mockResolvedValueOnce({ address: other, chainId: 8453 })
    await kit.switchNetwork(base2)
    expect(session.switchNetwork).toHaveBeenCalledWith(expect.objectContaining({ id: 'session' }), expect.objectContaining({ id: 8453 }))
    expect(account(kit)).toMatchObject({ address: other, caipAddress: `eip155:8453:${other}`, status: 'connected' })
  })

  it('a session connected on eip155 fills the solana account when the visitor switches to a solana network', async () => {
    const { kit, sessionSolana } = setup()
    await kit.restored
    await kit.plugins.load('session')
    await kit.connect({ connectorId: 'session', namespace: 'eip155' })
    await kit.switchNetwork(solana)
    expect(sessionSolana.reconnect).toHaveBeenCalledOnce()
    expect(kit.chains.record('solana')!.accountState).toMatchObject({ address: SESSION_SOL, status: 'connected' })
    expect(kit.chains.get().activeNamespace).toBe('solana')
    expect(kit.storage.get('connectedConnectorIds')).toEqual({ eip155: 'session', solana: 'session' })
    // One session: leaving one namespace leaves both.
    await kit.disconnect('solana')
    expect(account(kit).address).toBeUndefined()
  })

  it('an injected wallet on the target namespace is not resynced from a session', async () => {
    const { kit, own, addConnector, sessionSolana } = setup()
    await kit.restored
    await kit.plugins.load('session')
    addConnector('mm')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    await kit.switchNetwork(mainnet)
    expect(own.reconnect).not.toHaveBeenCalled()
    expect(sessionSolana.reconnect).not.toHaveBeenCalled()
  })
})
