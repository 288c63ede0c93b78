import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createConnectorRegistry } from '../../../kernel/connectorRegistry/connectorRegistry.ts'
import type { ConnectorRegistry } from '../../../kernel/index.ts'
import { LEGACY_CONNECTORS, startDiscovery } from './discovery.ts'

// One window for the file: the Wallet Standard registry is page-wide.
type FakeWindow = EventTarget & { phantom?: unknown; solana?: unknown }
const g = globalThis as unknown as { window?: FakeWindow }
beforeAll(() => {
  g.window = new EventTarget()
})
afterAll(() => {
  delete g.window
})

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const noLists = { includeWalletIds: [] as string[], excludeWalletIds: [] as string[] }
let connectors: ConnectorRegistry
const cleanups: (() => void)[] = []
beforeEach(() => {
  connectors = createConnectorRegistry()
})
afterEach(() => {
  cleanups.splice(0).forEach((stop) => stop())
  delete g.window!.phantom
  delete g.window!.solana
})

function standardWallet(name: string, over: Record<string, unknown> = {}) {
  const listeners = new Set<(p: Record<string, unknown>) => void>()
  const wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: ['solana:mainnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      'standard:events': { version: '1.0.0', on: (_: string, l: (p: Record<string, unknown>) => void) => (listeners.add(l), () => listeners.delete(l)) },
    } as Record<string, unknown>,
    ...over,
  }
  return { wallet, change: (p: Record<string, unknown>) => listeners.forEach((l) => l(p)) }
}

/** A wallet's side of the Wallet Standard window protocol: announce now, and answer the app's ready event. */
function register(wallet: unknown) {
  let unregister = () => undefined as void
  const callback = ({ register: r }: { register(w: unknown): () => void }) => void (unregister = r(wallet))
  const onReady = (event: Event) => callback((event as CustomEvent).detail)
  g.window!.addEventListener('wallet-standard:app-ready', onReady)
  g.window!.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  const stop = () => {
    g.window!.removeEventListener('wallet-standard:app-ready', onReady)
    unregister()
  }
  cleanups.push(stop)
  return stop
}

const legacy = () => ({ connect: async () => ({ publicKey: '11111111111111111111111111111111' }) })
const discover = (config = noLists) => cleanups.push(startDiscovery({ connectors, config }))
const ids = () => connectors.list().map((c) => `${c.type}:${c.id}`)

describe('Solana wallet discovery', () => {
  it('lists Wallet Standard wallets with standard:connect and a solana chain, already there or registered later', () => {
    register(standardWallet('Early').wallet)
    register(standardWallet('EVM only', { chains: ['eip155:1'] }).wallet)
    register({ ...standardWallet('No connect').wallet, features: {} })
    register({ name: 42 })
    discover()
    expect(ids()).toEqual(['ANNOUNCED:Early'])
    register(standardWallet('Late').wallet)
    expect(ids()).toEqual(['ANNOUNCED:Early', 'ANNOUNCED:Late'])
    expect(connectors.list()[0]).toMatchObject({ name: 'Early', chain: 'solana', imageUrl: ICON })
  })

  it('drops unsafe icons, keeps the wallet', () => {
    register(standardWallet('Evil', { icon: 'javascript:alert(1)' }).wallet)
    discover()
    expect(connectors.list()[0]).toMatchObject({ id: 'Evil', imageUrl: undefined })
  })

  // Wallet Standard wallets are untrusted: a name is capped at 200 characters, a data: icon at 200,000.
  it.each([199, 200, 201])('a wallet named with %i characters is listed up to 200 and left out above', (length) => {
    register(standardWallet('s'.repeat(length)).wallet)
    discover()
    expect(ids()).toEqual(length <= 200 ? [`ANNOUNCED:${'s'.repeat(length)}`] : [])
  })

  it.each([
    [199_999, true],
    [200_000, true],
    [200_001, false],
  ])('a data: icon of %i characters is kept: %s (the wallet is listed either way)', (length, kept) => {
    const icon = `data:image/png;base64,${'A'.repeat(length - 'data:image/png;base64,'.length)}`
    register(standardWallet('Iconic', { icon }).wallet)
    discover()
    expect(connectors.list()[0]).toMatchObject({ id: 'Iconic', imageUrl: kept ? icon : undefined })
  })

  it('unregistering removes the connector; a change that drops solana removes it, one that adds it lists it', () => {
    const a = standardWallet('A')
    const stopA = register(a.wallet)
    const b = standardWallet('B', { chains: ['eip155:1'] })
    register(b.wallet)
    discover()
    expect(ids()).toEqual(['ANNOUNCED:A'])
    b.wallet.chains = ['solana:devnet']
    b.change({ chains: b.wallet.chains })
    expect(ids()).toEqual(['ANNOUNCED:A', 'ANNOUNCED:B'])
    a.wallet.chains = []
    a.change({ chains: [] })
    expect(ids()).toEqual(['ANNOUNCED:B'])
    stopA()
    expect(ids()).toEqual(['ANNOUNCED:B'])
  })

  it('lists legacy window.phantom.solana and window.solana once each, and not when Phantom registered as a standard wallet', () => {
    const phantom = legacy()
    g.window!.phantom = { solana: phantom }
    g.window!.solana = phantom
    discover()
    expect(ids()).toEqual([`INJECTED:${LEGACY_CONNECTORS.phantom.id}`])
    cleanups.splice(0).forEach((stop) => stop())
    connectors = createConnectorRegistry()
    g.window!.solana = legacy()
    discover()
    expect(ids().sort()).toEqual(['INJECTED:injected', 'INJECTED:phantom'])
    register(standardWallet('Phantom').wallet)
    expect(ids().sort()).toEqual(['ANNOUNCED:Phantom', 'INJECTED:injected'])
  })

  it('ignores a throwing window.solana getter and applies include/exclude lists by id', () => {
    Object.defineProperty(g.window!, 'solana', {
      configurable: true,
      get: () => {
        throw new Error('extensions fighting')
      },
    })
    register(standardWallet('Kept').wallet)
    register(standardWallet('Excluded').wallet)
    discover({ includeWalletIds: [], excludeWalletIds: ['Excluded'] })
    expect(ids()).toEqual(['ANNOUNCED:Kept'])
    Object.defineProperty(g.window!, 'solana', { configurable: true, writable: true, value: undefined })
  })

  it('the disposer removes what discovery added', () => {
    register(standardWallet('Gone').wallet)
    const stop = startDiscovery({ connectors, config: noLists })
    expect(ids()).toEqual(['ANNOUNCED:Gone'])
    stop()
    expect(ids()).toEqual([])
  })
})
