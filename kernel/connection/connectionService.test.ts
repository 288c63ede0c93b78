import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { initialAccountState } from '../chains/accountState.ts'
import type { PorticoEvent } from '../bus/events.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import { isUnsupportedPlaceholder } from '../chains/network.ts'
import { base, bitcoin, mainnet, solana } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { resolve } from '../container/token.ts'
import { IAdapterRegistry } from '../container/tokens.ts'
import type { Connector, ConnectorCapabilities, ConnectorType } from '../connectorRegistry/connector.ts'
import { PorticoError } from '../errors/base.ts'
import { Alerts, ErrorText } from '../errors/catalogue.ts'
import type { KernelHooks, NewConnection } from '../plugins/hooks.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { StorageKeys } from '../storage/keys.ts'
import { type StorageBackend, createMemoryBackend } from '../storage/storage.ts'
import type { ChainAdapter, ConnectResult } from './chainAdapter.ts'

const ADDRESS: Record<ChainNamespace, string> = {
  eip155: '0xabc0000000000000000000000000000000000001',
  solana: 'So1anaAddre55So1anaAddre55So1anaAddre55',
  bip122: 'bc1qexampleaddress',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
}

type FakeAdapter = { [K in keyof ChainAdapter]: ChainAdapter[K] extends (...args: infer A) => infer R ? ReturnType<typeof vi.fn<(...args: A) => R>> : ChainAdapter[K] }

function fakeAdapter(namespace: ChainNamespace): FakeAdapter {
  return {
    namespace,
    connect: vi.fn(async (_connector: Connector, network) => ({ address: ADDRESS[namespace], chainId: network.id })),
    reconnect: vi.fn(async (): Promise<ConnectResult | undefined> => ({ address: ADDRESS[namespace], chainId: namespace === 'eip155' ? 1 : solana.id })),
    disconnect: vi.fn(async () => undefined),
    switchNetwork: vi.fn(async () => undefined),
    getBalance: vi.fn(async () => ({ balance: '1.5', symbol: namespace === 'eip155' ? 'ETH' : 'SOL' })),
    getProvider: vi.fn(() => ({ provider: namespace })),
  }
}

interface Setup {
  options?: Partial<PorticoOptions>
  backend?: StorageBackend
  namespaces?: ChainNamespace[]
}

/** What the WalletConnect and embedded-wallet plugins declare of their connectors. */
const CAPABILITIES: Partial<Record<ConnectorType, ConnectorCapabilities>> = {
  WALLET_CONNECT: { sharedSession: true, relaysWallets: true },
  AUTH: { sharedSession: true, listed: false },
}

function setup({ options = {}, backend = createMemoryBackend(), namespaces = ['eip155', 'solana'] }: Setup = {}) {
  const adapters = Object.fromEntries(namespaces.map((ns) => [ns, fakeAdapter(ns)])) as Record<ChainNamespace, FakeAdapter>
  const adapterPlugin = definePlugin({
    id: 'fake-adapters',
    contributes: { namespaces },
    load: async () => ({
      activate(ctx) {
        const registry = resolve(ctx.container, IAdapterRegistry)
        const disposers = namespaces.map((ns) => registry.register(adapters[ns] as unknown as ChainAdapter))
        return () => disposers.forEach((dispose) => dispose())
      },
    }),
  })
  const logger = { warn: vi.fn(), error: vi.fn() }
  const kit = createKernel(
    {
      projectId: 'p',
      networks: [mainnet, base, solana],
      ...options,
      plugins: [adapterPlugin, ...(options.plugins ?? [])],
      features: { analytics: false, ...options.features },
    },
    {
      storage: backend,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger,
      fetch: globalThis.fetch,
    },
  )
  const events: PorticoEvent[] = []
  kit.subscribeEvents((event) => events.push(event))
  const addConnector = (id: string, chain: ChainNamespace, type: ConnectorType = 'ANNOUNCED') =>
    kit.connectors.add({ id, name: `${id} wallet`, type, chain, info: { rdns: `com.${id}` }, capabilities: CAPABILITIES[type] })
  return { kit, adapters, events, logger, backend, addConnector, service: kit.services.connectionService }
}

const account = (kit: ReturnType<typeof setup>['kit'], ns: ChainNamespace) => kit.chains.record(ns)!.accountState

afterEach(() => {
  vi.useRealTimers()
})

describe('connect (Connection status)', () => {
  it('connection status goes disconnected -> connecting -> connected', async () => {
    const { kit, addConnector } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    const statuses: string[] = []
    kit.chains.select((s) => s.chains.eip155!.accountState.status).subscribe((status) => statuses.push(status))
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(kit.chains.isConnected()).toBe(true)
  })

  it('after a connection the address and account list are set (preferred account type per namespace)', async () => {
    const { kit, addConnector, adapters } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(adapters.eip155.connect).toHaveBeenCalledWith(expect.objectContaining({ id: 'mm' }), expect.objectContaining({ caipNetworkId: 'eip155:1' }))
    expect(account(kit, 'eip155')).toMatchObject({
      address: ADDRESS.eip155,
      caipAddress: `eip155:1:${ADDRESS.eip155}`,
      allAccounts: [{ address: ADDRESS.eip155, type: 'smartAccount', namespace: 'eip155' }],
      connectedWalletInfo: { name: 'mm wallet', identifier: 'com.mm' },
      addressExplorerUrl: `https://etherscan.io/address/${ADDRESS.eip155}`,
      status: 'connected',
    })
  })

  it('a connection is remembered in local storage (status, connector id, namespaces, network, recent wallets)', async () => {
    const { kit, addConnector } = setup()
    await kit.restored
    addConnector('phantom', 'solana')
    await kit.connect({ connectorId: 'phantom', namespace: 'solana' })
    expect(kit.storage.get('connectionStatus')).toBe('connected')
    expect(kit.storage.get('connectedConnectorIds')).toEqual({ solana: 'phantom' })
    expect(kit.storage.get('connectedNamespaces')).toEqual(['solana'])
    expect(kit.storage.get('activeNamespace')).toBe('solana')
    expect(kit.storage.get('activeCaipNetworkId')).toBe(solana.caipNetworkId)
    expect(kit.storage.get('recentWallets')).toEqual([{ id: 'phantom', name: 'phantom wallet' }])
    expect(kit.chains.get().activeNamespace).toBe('solana')
  })

  it('a refused connection sets the status back to disconnected and reports CONNECT_ERROR', async () => {
    const { kit, addConnector, adapters, events } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    adapters.eip155.connect.mockRejectedValueOnce(new Error('User rejected the request.'))
    await expect(kit.connect({ connectorId: 'mm', namespace: 'eip155' })).rejects.toThrow('User rejected the request.')
    expect(account(kit, 'eip155').status).toBe('disconnected')
    expect(account(kit, 'eip155').address).toBeUndefined()
    expect(kit.storage.get('connectionStatus')).toBeUndefined()
    expect(events).toContainEqual({ type: 'CONNECT_ERROR', properties: { message: 'User rejected the request.' } })
  })

  it('a connection reports CONNECT_SUCCESS', async () => {
    const { kit, addConnector, events } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(events).toContainEqual({ type: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'mm wallet', namespace: 'eip155' } })
  })

  it("a namespace whose adapter plugin is missing fails with 'Chain adapter not found'", async () => {
    const { kit, addConnector } = setup({ namespaces: ['solana'] })
    await kit.restored
    addConnector('mm', 'eip155')
    const error = await kit.connect({ connectorId: 'mm', namespace: 'eip155' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).shortMessage).toBe(ErrorText.CHAIN_ADAPTER_NOT_FOUND)
    expect(account(kit, 'eip155').status).toBe('disconnected')
  })

  it('an unsupported wallet network sets the unsupported-network placeholder and shows UnsupportedChain', async () => {
    const { kit, addConnector, adapters } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    adapters.eip155.connect.mockResolvedValueOnce({ address: ADDRESS.eip155, chainId: 137 })
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    const network = kit.chains.get().activeCaipNetwork
    expect(network.caipNetworkId).toBe('eip155:137')
    expect(isUnsupportedPlaceholder(network)).toBe(true)
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('UnsupportedChain')
  })

  it.each([
    ['unsupported chains are allowed', { allowUnsupportedChain: true }],
    ['network switching is disabled', { enableNetworkSwitch: false }],
  ] as const)('UnsupportedChain is not shown when %s', async (_label, options) => {
    const { kit, addConnector, adapters } = setup({ options })
    await kit.restored
    addConnector('mm', 'eip155')
    adapters.eip155.connect.mockResolvedValueOnce({ address: ADDRESS.eip155, chainId: 137 })
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(isUnsupportedPlaceholder(kit.chains.get().activeCaipNetwork)).toBe(true)
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('UnsupportedChain is not shown for a basic connection (no adapters)', async () => {
    const { kit, addConnector, adapters } = setup({ options: { adapters: [] } })
    await kit.restored
    addConnector('wc', 'eip155', 'WALLET_CONNECT')
    adapters.eip155.connect.mockResolvedValueOnce({ address: ADDRESS.eip155, chainId: 137 })
    await kit.connect({ connectorId: 'wc', namespace: 'eip155' })
    expect(kit.modal.store.get().open).toBe(false)
  })
})

describe('native balance (native balance cache 30 s)', () => {
  it('the balance is read after connecting and cached for 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { kit, addConnector, adapters, service } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    await vi.waitFor(() => expect(account(kit, 'eip155').balance).toBe('1.5'))
    expect(account(kit, 'eip155').balanceSymbol).toBe('ETH')
    expect(adapters.eip155.getBalance).toHaveBeenCalledTimes(1)

    const storedAt = Object.values(kit.storage.get('nativeBalanceCache') ?? {})[0]!.timestamp
    vi.setSystemTime(storedAt + 30_000)
    await service.syncBalance('eip155')
    expect(adapters.eip155.getBalance).toHaveBeenCalledTimes(1)

    vi.setSystemTime(storedAt + 30_001)
    adapters.eip155.getBalance.mockResolvedValueOnce({ balance: '2.0', symbol: 'ETH' })
    await service.syncBalance('eip155')
    expect(adapters.eip155.getBalance).toHaveBeenCalledTimes(2)
    expect(account(kit, 'eip155').balance).toBe('2.0')
  })

  it('a balance failure keeps the state and logs Token Balance Unavailable, never throws', async () => {
    const { kit, addConnector, adapters, service, logger } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    adapters.eip155.getBalance.mockRejectedValue(new Error('rpc down'))
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    await expect(service.syncBalance('eip155')).resolves.toBeUndefined()
    expect(account(kit, 'eip155').balance).toBeUndefined()
    expect(logger.warn.mock.calls.some(([m]) => String(m).includes('Token Balance Unavailable'))).toBe(true)
  })
})

describe('switching network', () => {
  it('switching to a network not in the configured list shows the network-not-found alert', async () => {
    const { kit } = setup()
    await kit.restored
    const error = await kit.switchNetwork(bitcoin).catch((e: unknown) => e)
    expect((error as PorticoError).shortMessage).toBe(ErrorText.NETWORK_NOT_FOUND)
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.NETWORK_NOT_FOUND)
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:1')
  })

  it('every switch to a network not in the list shows the alert again, not only the first', async () => {
    const { kit, events } = setup()
    await kit.restored
    await expect(kit.switchNetwork(bitcoin)).rejects.toThrow(ErrorText.NETWORK_NOT_FOUND)
    kit.alerts.dismiss()
    await expect(kit.switchNetwork(bitcoin)).rejects.toThrow(ErrorText.NETWORK_NOT_FOUND)
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.NETWORK_NOT_FOUND)
    expect(events.filter((e) => e.type === 'ALERT_REPORTED' && e.properties.code === Alerts.NETWORK_NOT_FOUND.code)).toHaveLength(2)
  })

  it('switching while disconnected sets the network and switches the namespace if it differs', async () => {
    const { kit, adapters, events } = setup()
    await kit.restored
    await kit.switchNetwork(solana)
    expect(kit.chains.get().activeNamespace).toBe('solana')
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe(solana.caipNetworkId)
    expect(kit.chains.record('solana')?.networkState.caipNetwork?.caipNetworkId).toBe(solana.caipNetworkId)
    expect(kit.storage.get('activeCaipNetworkId')).toBe(solana.caipNetworkId)
    expect(adapters.solana.switchNetwork).not.toHaveBeenCalled()
    // The send form is reset: per-network views listen for this event
    expect(events).toContainEqual({
      type: 'SWITCH_NETWORK',
      properties: { caipNetworkId: solana.caipNetworkId, chainId: solana.id, caipNetwork: solana },
    })
  })

  it('switching within the same chain uses the adapter and recomposes the address as namespace:id:address', async () => {
    const { kit, addConnector, adapters } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    await kit.switchNetwork(base)
    expect(adapters.eip155.switchNetwork).toHaveBeenCalledWith(expect.objectContaining({ id: 'mm' }), expect.objectContaining({ caipNetworkId: 'eip155:8453' }))
    expect(account(kit, 'eip155').caipAddress).toBe(`eip155:8453:${ADDRESS.eip155}`)
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:8453')
  })

  it('a wallet that refuses the switch leaves network and address as they were', async () => {
    const { kit, addConnector, adapters } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    adapters.eip155.switchNetwork.mockRejectedValueOnce(new Error('User rejected'))
    await expect(kit.switchNetwork(base)).rejects.toThrow('User rejected')
    expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:1')
    expect(account(kit, 'eip155').caipAddress).toBe(`eip155:1:${ADDRESS.eip155}`)
  })

  it('a wallet moving to an unsupported chain sets the placeholder and opens UnsupportedChain', async () => {
    const { kit, addConnector, service } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    service.events.chainChanged('eip155', 'mm', 137)
    await vi.waitFor(() => expect(kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:137'))
    expect(isUnsupportedPlaceholder(kit.chains.get().activeCaipNetwork)).toBe(true)
    expect(account(kit, 'eip155').caipAddress).toBe(`eip155:137:${ADDRESS.eip155}`)
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('UnsupportedChain')
  })

  it('a wallet moving to a supported chain recomposes the address without UnsupportedChain', async () => {
    const { kit, addConnector, service } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    service.events.chainChanged('eip155', 'mm', 8453)
    await vi.waitFor(() => expect(account(kit, 'eip155').caipAddress).toBe(`eip155:8453:${ADDRESS.eip155}`))
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('wallet events from a connector that is not the connected one are ignored', async () => {
    const { kit, addConnector, service } = setup()
    await kit.restored
    addConnector('mm', 'eip155')
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    service.events.chainChanged('eip155', 'someone-else', 8453)
    service.events.disconnected('eip155', 'someone-else')
    await new Promise((r) => setTimeout(r, 10))
    expect(account(kit, 'eip155').caipAddress).toBe(`eip155:1:${ADDRESS.eip155}`)
    expect(account(kit, 'eip155').status).toBe('connected')
  })
})

describe('disconnect', () => {
  async function connectedKit(types: Partial<Record<ChainNamespace, ConnectorType>> = { eip155: 'ANNOUNCED', solana: 'ANNOUNCED' }) {
    const ctx = setup()
    await ctx.kit.restored
    for (const [ns, type] of Object.entries(types) as [ChainNamespace, ConnectorType][]) {
      const id = type === 'WALLET_CONNECT' ? 'walletconnect' : type === 'AUTH' ? 'auth' : `${ns}-wallet`
      ctx.addConnector(id, ns, type)
      await ctx.kit.connect({ connectorId: id, namespace: ns })
    }
    return ctx
  }

  it("plugins' session data (a sign-in session) is cleared first, before any wallet is told", async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    let hasSession = true
    const cleared: (readonly ChainNamespace[])[] = []
    ctx.kit.services.hooks.addDisconnectCleanup((namespaces) => {
      hasSession = false
      cleared.push(namespaces)
    })
    let sessionWhenWalletTold: boolean | undefined
    ctx.adapters.eip155.disconnect.mockImplementationOnce(async () => {
      sessionWhenWalletTold = hasSession
    })
    await ctx.kit.disconnect('eip155')
    expect(sessionWhenWalletTold).toBe(false)
    expect(cleared).toEqual([['eip155']])
  })

  it("a plugin's failing clean-up is logged and the disconnect still completes", async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    ctx.kit.services.hooks.addDisconnectCleanup(() => {
      throw new Error('plugin bug')
    })
    await ctx.kit.disconnect('eip155')
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
  })

  it('disconnecting a namespace with its own wallet leaves the other namespaces connected', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED', solana: 'ANNOUNCED' })
    await ctx.kit.disconnect('eip155')
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(account(ctx.kit, 'solana').status).toBe('connected')
    expect(ctx.adapters.solana.disconnect).not.toHaveBeenCalled()
    expect(ctx.kit.storage.get('connectedConnectorIds')).toEqual({ solana: 'solana-wallet' })
    expect(ctx.kit.storage.get('connectedNamespaces')).toEqual(['solana'])
    expect(ctx.kit.storage.get('connectionStatus')).toBe('connected')
  })

  it.each(['WALLET_CONNECT', 'AUTH'] as const)('disconnecting a namespace also disconnects the other namespaces using the same %s connector kind', async (type) => {
    const ctx = await connectedKit({ eip155: type, solana: type })
    await ctx.kit.disconnect('eip155')
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(account(ctx.kit, 'solana').status).toBe('disconnected')
    expect(ctx.adapters.solana.disconnect).toHaveBeenCalledTimes(1)
  })

  it('the capability decides, not the type: a connector of any type declaring a shared session spans namespaces; a WALLET_CONNECT one without it does not', async () => {
    for (const [type, capabilities, solanaAfter] of [
      ['EXTERNAL', { sharedSession: true }, 'disconnected'],
      ['WALLET_CONNECT', undefined, 'connected'],
    ] as const) {
      const ctx = setup()
      await ctx.kit.restored
      for (const ns of ['eip155', 'solana'] as const) {
        ctx.kit.connectors.add({ id: 'session', name: 'Session', type, chain: ns, capabilities })
        await ctx.kit.connect({ connectorId: 'session', namespace: ns })
      }
      await ctx.kit.disconnect('eip155')
      expect([type, account(ctx.kit, 'solana').status]).toEqual([type, solanaAfter])
    }
  })

  it('a shared-session disconnect does not reach a namespace connected with another kind', async () => {
    const ctx = await connectedKit({ eip155: 'WALLET_CONNECT', solana: 'ANNOUNCED' })
    await ctx.kit.disconnect('eip155')
    expect(account(ctx.kit, 'solana').status).toBe('connected')
  })

  it('without a namespace all chains are disconnected', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED', solana: 'INJECTED' })
    await ctx.kit.disconnect()
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(account(ctx.kit, 'solana').status).toBe('disconnected')
    expect(ctx.kit.storage.get('connectionStatus')).toBe('disconnected')
    expect(ctx.kit.storage.get('connectedConnectorIds')).toEqual({})
    expect(ctx.kit.storage.get('connectedNamespaces')).toEqual([])
  })

  it('each chain is told to disconnect only if it has an address, then its account and network are reset', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    ctx.kit.chains.updateNetwork('eip155', { approvedCaipNetworkIds: ['eip155:1'], smartAccountEnabledNetworks: [1] })
    await ctx.kit.disconnect()
    expect(ctx.adapters.eip155.disconnect).toHaveBeenCalledTimes(1)
    expect(ctx.adapters.solana.disconnect).not.toHaveBeenCalled()
    expect(account(ctx.kit, 'eip155')).toEqual(initialAccountState('eip155'))
    expect(ctx.kit.chains.record('eip155')?.networkState).toMatchObject({
      approvedCaipNetworkIds: [],
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
    })
  })

  it('disconnect clears the saved social provider, the connector ids and the cached login data', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    ctx.kit.storage.set('connectedSocial', 'google')
    ctx.kit.storage.set('frameEmail', 'a@example.com')
    ctx.kit.storage.set('frameEmailLoginUsed', true)
    ctx.kit.storage.set('frameLastUsedChain', 1)
    ctx.kit.storage.set('frameSocialUsername', 'alice')
    ctx.kit.storage.set('frameSessionToken', 'keep-me')
    await ctx.kit.disconnect('eip155')
    expect(ctx.kit.storage.get('connectedSocial')).toBeUndefined()
    expect(ctx.kit.storage.get('connectedConnectorIds')).toEqual({})
    expect(ctx.kit.storage.get('frameEmail')).toBeUndefined()
    expect(ctx.kit.storage.get('frameEmailLoginUsed')).toBeUndefined()
    expect(ctx.kit.storage.get('frameLastUsedChain')).toBeUndefined()
    expect(ctx.kit.storage.get('frameSocialUsername')).toBeUndefined()
    expect(ctx.kit.storage.get('frameSessionToken')).toBe('keep-me')
  })

  it('a successful disconnect is tracked with DISCONNECT_SUCCESS', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    await ctx.kit.disconnect('eip155')
    expect(ctx.events).toContainEqual({ type: 'DISCONNECT_SUCCESS', properties: { namespace: 'eip155' } })
  })

  it("a failing wallet disconnect throws 'Failed to disconnect', tracks DISCONNECT_ERROR and still forgets the connection", async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    ctx.adapters.eip155.disconnect.mockRejectedValueOnce(new Error('wallet gone'))
    const error = await ctx.kit.disconnect('eip155').catch((e: unknown) => e)
    expect((error as PorticoError).shortMessage).toBe(ErrorText.FAILED_TO_DISCONNECT)
    expect(ctx.events).toContainEqual({ type: 'DISCONNECT_ERROR', properties: { message: ErrorText.FAILED_TO_DISCONNECT } })
    expect(ctx.events.some((e) => e.type === 'DISCONNECT_SUCCESS')).toBe(false)
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(ctx.kit.storage.get('connectionStatus')).toBe('disconnected')
  })

  it('the wallet reporting a disconnect (or no accounts) disconnects that namespace', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED', solana: 'ANNOUNCED' })
    ctx.service.events.disconnected('eip155', 'eip155-wallet')
    ctx.service.events.accountsChanged('solana', 'solana-wallet', [])
    await vi.waitFor(() => {
      expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
      expect(account(ctx.kit, 'solana').status).toBe('disconnected')
    })
  })

  it('a changed account updates address and account list', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    ctx.service.events.accountsChanged('eip155', 'eip155-wallet', ['0xdef', '0x123'])
    await vi.waitFor(() => expect(account(ctx.kit, 'eip155').address).toBe('0xdef'))
    expect(account(ctx.kit, 'eip155').caipAddress).toBe('eip155:1:0xdef')
    expect(account(ctx.kit, 'eip155').allAccounts.map((a) => a.address)).toEqual(['0xdef', '0x123'])
  })

  it('getProvider hands out the connected wallet provider, and nothing once disconnected', async () => {
    const ctx = await connectedKit({ eip155: 'ANNOUNCED' })
    expect(ctx.kit.getProvider('eip155')).toEqual({ provider: 'eip155' })
    expect(ctx.kit.getProvider('solana')).toBeUndefined()
    await ctx.kit.disconnect('eip155')
    expect(ctx.kit.getProvider('eip155')).toBeUndefined()
  })

  it('the provider is there as soon as the state says connected (connect and resume), so a store subscriber can use it', async () => {
    const seen = (kit: ReturnType<typeof setup>['kit']) => {
      const providers: unknown[] = []
      kit.chains
        .select((s) => s.chains.eip155!.accountState.status)
        .subscribe((status) => {
          if (status === 'connected') providers.push(kit.getProvider('eip155'))
        })
      return providers
    }
    const fresh = setup()
    await fresh.kit.restored
    fresh.addConnector('mm', 'eip155')
    const onConnect = seen(fresh.kit)
    await fresh.kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(onConnect).toEqual([{ provider: 'eip155' }])

    const returning = setup({ backend: fresh.backend })
    returning.addConnector('mm', 'eip155')
    const onResume = seen(returning.kit)
    await returning.kit.restored
    expect(onResume).toEqual([{ provider: 'eip155' }])
  })
})

describe('start-up (Connection status at start)', () => {
  const storedConnection = (connectorIds: Partial<Record<ChainNamespace, string>> = { eip155: 'mm' }) => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.connectionStatus.key, JSON.stringify('connected'))
    backend.setItem(StorageKeys.connectedConnectorIds.key, JSON.stringify(connectorIds))
    backend.setItem(StorageKeys.connectedNamespaces.key, JSON.stringify(Object.keys(connectorIds)))
    backend.setItem(StorageKeys.frameEmail.key, JSON.stringify('a@example.com'))
    backend.setItem(StorageKeys.frameSocialUsername.key, JSON.stringify('alice'))
    return backend
  }

  it('a stored status of connected is treated as connecting while the connection is synced, then connected', async () => {
    const backend = storedConnection()
    const ctx = setup({ backend })
    let finish!: (result: ConnectResult) => void
    ctx.adapters.eip155.reconnect.mockImplementationOnce(() => new Promise((r) => (finish = r)))
    ctx.addConnector('mm', 'eip155')
    await vi.waitFor(() => expect(ctx.adapters.eip155.reconnect).toHaveBeenCalled())
    expect(account(ctx.kit, 'eip155').status).toBe('connecting')
    expect(ctx.kit.chains.isConnected()).toBe(false)
    finish({ address: ADDRESS.eip155, chainId: 8453 })
    await ctx.kit.restored
    expect(account(ctx.kit, 'eip155')).toMatchObject({ status: 'connected', caipAddress: `eip155:8453:${ADDRESS.eip155}` })
    expect(ctx.kit.chains.isConnected()).toBe(true)
  })

  it('a failed sync sets the status back to disconnected and deletes the cached login data', async () => {
    const backend = storedConnection()
    const ctx = setup({ backend })
    ctx.adapters.eip155.reconnect.mockResolvedValueOnce(undefined)
    ctx.addConnector('mm', 'eip155')
    await ctx.kit.restored
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(ctx.kit.storage.get('connectionStatus')).toBe('disconnected')
    expect(ctx.kit.storage.get('connectedConnectorIds')).toEqual({})
    expect(ctx.kit.storage.get('frameEmail')).toBeUndefined()
    expect(ctx.kit.storage.get('frameSocialUsername')).toBeUndefined()
  })

  it('a sync that throws also ends disconnected, never in a crash', async () => {
    const ctx = setup({ backend: storedConnection() })
    ctx.adapters.eip155.reconnect.mockRejectedValueOnce(new Error('provider exploded'))
    ctx.addConnector('mm', 'eip155')
    await expect(ctx.kit.restored).resolves.toBeUndefined()
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
  })

  it('a stored wallet that is not discovered again within 2 s ends disconnected', async () => {
    vi.useFakeTimers()
    const ctx = setup({ backend: storedConnection() })
    await vi.advanceTimersByTimeAsync(1_999)
    expect(account(ctx.kit, 'eip155').status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1)
    await ctx.kit.restored
    expect(account(ctx.kit, 'eip155').status).toBe('disconnected')
    expect(ctx.adapters.eip155.reconnect).not.toHaveBeenCalled()
  })

  it('a stored wallet announced late (EIP-6963) is still resumed', async () => {
    const ctx = setup({ backend: storedConnection() })
    await new Promise((r) => setTimeout(r, 20))
    ctx.addConnector('mm', 'eip155')
    await ctx.kit.restored
    expect(account(ctx.kit, 'eip155').status).toBe('connected')
  })

  it('a stored status of disconnected clears the address caches', async () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.connectionStatus.key, JSON.stringify('disconnected'))
    const cache = JSON.stringify({ id: { timestamp: Date.now(), value: { balance: '1', symbol: 'ETH' } } })
    for (const key of ['nativeBalanceCache', 'portfolioCache', 'ensCache'] as const) backend.setItem(StorageKeys[key].key, cache)
    backend.setItem(StorageKeys.identityCache.key, JSON.stringify({ id: { timestamp: Date.now(), value: { name: 'a', avatar: null } } }))
    backend.setItem(StorageKeys.recentWallets.key, JSON.stringify([{ id: 'keep', name: 'Keep' }]))
    const ctx = setup({ backend })
    await ctx.kit.restored
    for (const key of ['nativeBalanceCache', 'portfolioCache', 'ensCache', 'identityCache'] as const) {
      expect(backend.getItem(StorageKeys[key].key), key).toBeNull()
    }
    expect(ctx.kit.storage.get('recentWallets')).toEqual([{ id: 'keep', name: 'Keep' }])
  })

  it('the stored active network comes back at start', async () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.activeCaipNetworkId.key, JSON.stringify(solana.caipNetworkId))
    const ctx = setup({ backend })
    await ctx.kit.restored
    expect(ctx.kit.chains.get().activeNamespace).toBe('solana')
    expect(ctx.kit.chains.get().activeCaipNetwork.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it('a stored active network that is no longer configured is ignored', async () => {
    const backend = createMemoryBackend()
    backend.setItem(StorageKeys.activeCaipNetworkId.key, JSON.stringify('eip155:137'))
    const ctx = setup({ backend })
    await ctx.kit.restored
    expect(ctx.kit.chains.get().activeCaipNetwork.caipNetworkId).toBe('eip155:1')
  })
})

describe('after-connect steps (a plugin hook run after a new connection)', () => {
  /** A plugin loaded with the connection (activation event onConnect) whose body adds one step. */
  function stepPlugin(step: Parameters<KernelHooks['addAfterConnect']>[0], loads: { count: number }) {
    return definePlugin({
      id: 'after-connect-step',
      activationEvents: ['onConnect'],
      contributes: {},
      load: async () => {
        loads.count += 1
        return { activate: (ctx) => ctx.hooks.addAfterConnect(step) }
      },
    })
  }

  it('the plugin loads with the connection, not before; its step sees the new connection and, claiming the modal, keeps it open', async () => {
    const loads = { count: 0 }
    const seen: NewConnection[] = []
    const { kit, addConnector } = setup({
      options: { plugins: [stepPlugin((connection) => (seen.push(connection), true), loads)] },
    })
    await kit.restored
    addConnector('mm', 'eip155')
    kit.open()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(loads.count).toBe(0)
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(loads.count).toBe(1)
    expect(seen).toEqual([{ namespace: 'eip155', address: ADDRESS.eip155, network: mainnet, supported: true }])
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('a step that does not claim the modal leaves the kernel to close it, as without steps', async () => {
    const { kit, addConnector } = setup({ options: { plugins: [stepPlugin(async () => false, { count: 0 })] } })
    await kit.restored
    addConnector('mm', 'eip155')
    kit.open()
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('a failing step is logged; the connection stands and the modal closes', async () => {
    const { kit, addConnector, logger } = setup({
      options: {
        plugins: [
          stepPlugin(
            () => {
              throw new Error('plugin bug')
            },
            { count: 0 },
          ),
        ],
      },
    })
    await kit.restored
    addConnector('mm', 'eip155')
    kit.open()
    await kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    expect(kit.chains.isConnected()).toBe(true)
    expect(kit.modal.store.get().open).toBe(false)
    expect(logger.error).toHaveBeenCalledWith('[Portico] a plugin hook failed', new Error('plugin bug'))
  })

  it('a connection resumed at start runs the steps too (a sign-in the store no longer holds is asked again), once', async () => {
    const backend = createMemoryBackend()
    const first = setup({ backend })
    await first.kit.restored
    first.addConnector('mm', 'eip155')
    await first.kit.connect({ connectorId: 'mm', namespace: 'eip155' })
    first.kit.destroy()
    const seen: NewConnection[] = []
    const second = setup({ backend, options: { plugins: [stepPlugin((connection) => (seen.push(connection), true), { count: 0 })] } })
    second.addConnector('mm', 'eip155')
    await second.kit.restored
    expect(second.kit.chains.isConnected()).toBe(true)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toMatchObject({ namespace: 'eip155', supported: true })
  })
})
