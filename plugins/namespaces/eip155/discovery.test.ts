import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConnectorRegistry } from '../../../kernel/connectorRegistry/connectorRegistry.ts'
import type { ConnectorRegistry } from '../../../kernel/index.ts'
import { startDiscovery } from './discovery.ts'

// Node has EventTarget and CustomEvent: a bare EventTarget stands in for `window`.
type FakeWindow = EventTarget & { ethereum?: unknown }
const g = globalThis as unknown as { window?: FakeWindow }

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const provider = () => ({ request: async () => null })
const info = (over: Record<string, unknown> = {}) => ({ uuid: crypto.randomUUID(), name: 'Test Wallet', icon: ICON, rdns: 'org.test.wallet', ...over })

/** A wallet already on the page: announces now and whenever asked. */
function installWallet(detail: unknown) {
  const announce = () => g.window!.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  g.window!.addEventListener('eip6963:requestProvider', announce)
  return announce
}

const noLists = { includeWalletIds: [] as string[], excludeWalletIds: [] as string[] }
let connectors: ConnectorRegistry
let stops: (() => void)[]

beforeEach(() => {
  g.window = new EventTarget()
  connectors = createConnectorRegistry()
  stops = []
})
afterEach(() => {
  stops.forEach((stop) => stop())
  delete g.window
})

const discover = (config = noLists) => {
  const stop = startDiscovery({ connectors, config })
  stops.push(stop)
  return stop
}

describe('EIP-6963 discovery', () => {
  it('turns an announced wallet into an ANNOUNCED connector with id = rdns', () => {
    const p = provider()
    installWallet({ info: info(), provider: p })
    discover()
    expect(connectors.list()).toEqual([
      { id: 'org.test.wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: ICON, info: { rdns: 'org.test.wallet' }, provider: p },
    ])
    expect(connectors.list()[0]!.provider).toBe(p)
  })

  it('adds a wallet that announces itself after discovery started', () => {
    discover()
    expect(connectors.list()).toEqual([])
    installWallet({ info: info({ rdns: 'io.late' }), provider: provider() })()
    expect(connectors.list().map((c) => c.id)).toEqual(['io.late'])
  })

  it('lists a wallet once when it announces again', () => {
    const announce = installWallet({ info: info(), provider: provider() })
    discover()
    announce()
    announce()
    expect(connectors.list()).toHaveLength(1)
  })

  it('keeps a malicious name as the plain string it is', () => {
    const name = '<img src=x onerror="alert(1)">Wallet'
    installWallet({ info: info({ name }), provider: provider() })
    discover()
    const [connector] = connectors.list()
    expect(typeof connector!.name).toBe('string')
    expect(connector!.name).toBe(name)
  })

  it.each([
    ['javascript:alert(1)', undefined],
    ['JavaScript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['//evil.example/icon.png', undefined],
    ['ftp://example.com/icon.png', undefined],
    [42, undefined],
    [undefined, undefined],
    ['https://example.com/icon.png', 'https://example.com/icon.png'],
    ['http://127.0.0.1/icon.png', 'http://127.0.0.1/icon.png'],
    [ICON, ICON],
  ])('icon %s -> imageUrl %s', (icon, expected) => {
    installWallet({ info: info({ icon }), provider: provider() })
    discover()
    expect(connectors.list()[0]!.imageUrl).toBe(expected)
  })

  const hostile = {
    get info(): unknown {
      throw new Error('hostile getter')
    },
    provider: provider(),
  }
  it.each([
    ['null detail', null],
    ['a string', 'wallet'],
    ['no info', { provider: provider() }],
    ['missing uuid', { info: info({ uuid: undefined }), provider: provider() }],
    ['missing name', { info: info({ name: undefined }), provider: provider() }],
    ['empty name', { info: info({ name: '  ' }), provider: provider() }],
    ['missing rdns', { info: info({ rdns: undefined }), provider: provider() }],
    ['rdns with spaces', { info: info({ rdns: 'a b.c' }), provider: provider() }],
    ['provider without request', { info: info(), provider: { send: () => null } }],
    ['non-object provider', { info: info(), provider: 'window.ethereum' }],
    ['null provider', { info: info(), provider: null }],
    ['a throwing getter', hostile],
  ])('ignores a malformed announcement (%s) and still finds the wallets after it', (_, detail) => {
    installWallet(detail)
    installWallet({ info: info({ rdns: 'org.good.wallet' }), provider: provider() })
    expect(() => discover()).not.toThrow()
    expect(connectors.list().map((c) => c.id)).toEqual(['org.good.wallet'])
  })

  // Announcements are untrusted: names, uuids and rdns are capped at 200 characters, a data: icon at
  // 200,000 and an icon URL at 2,048.
  const rdnsOf = (length: number) => `io.${'a'.repeat(length - 3)}`
  it.each([
    ['name', 199, { name: 'n'.repeat(199) }],
    ['name', 200, { name: 'n'.repeat(200) }],
    ['name', 201, { name: 'n'.repeat(201) }],
    ['uuid', 199, { uuid: 'u'.repeat(199) }],
    ['uuid', 200, { uuid: 'u'.repeat(200) }],
    ['uuid', 201, { uuid: 'u'.repeat(201) }],
    ['rdns', 199, { rdns: rdnsOf(199) }],
    ['rdns', 200, { rdns: rdnsOf(200) }],
    ['rdns', 201, { rdns: rdnsOf(201) }],
  ])('a %s of %i characters is listed up to 200 and refused above', (_field, length, over) => {
    installWallet({ info: info(over), provider: provider() })
    discover()
    expect(connectors.list()).toHaveLength(length <= 200 ? 1 : 0)
  })

  it.each([
    [199_999, true],
    [200_000, true],
    [200_001, false],
  ])('a data: icon of %i characters is kept: %s (the wallet is listed either way)', (length, kept) => {
    const icon = `data:image/png;base64,${'A'.repeat(length - 'data:image/png;base64,'.length)}`
    installWallet({ info: info({ icon }), provider: provider() })
    discover()
    expect(connectors.list()[0]!.imageUrl).toBe(kept ? icon : undefined)
  })

  it.each([
    [2047, true],
    [2048, true],
    [2049, false],
  ])('an https icon URL of %i characters is kept: %s', (length, kept) => {
    const icon = `https://wallet.example/${'i'.repeat(length - 'https://wallet.example/'.length)}`
    installWallet({ info: info({ icon }), provider: provider() })
    discover()
    expect(connectors.list()[0]!.imageUrl).toBe(kept ? icon : undefined)
  })

  it('applies the include list by rdns', () => {
    installWallet({ info: info({ rdns: 'io.metamask' }), provider: provider() })
    installWallet({ info: info({ rdns: 'com.coinbase.wallet' }), provider: provider() })
    discover({ includeWalletIds: ['io.metamask'], excludeWalletIds: [] })
    expect(connectors.list().map((c) => c.id)).toEqual(['io.metamask'])
  })

  it('applies the exclude list by rdns', () => {
    installWallet({ info: info({ rdns: 'io.metamask' }), provider: provider() })
    installWallet({ info: info({ rdns: 'com.coinbase.wallet' }), provider: provider() })
    discover({ includeWalletIds: [], excludeWalletIds: ['io.metamask'] })
    expect(connectors.list().map((c) => c.id)).toEqual(['com.coinbase.wallet'])
  })

  it('removes its connectors and stops listening when disposed', () => {
    installWallet({ info: info(), provider: provider() })
    const stop = discover()
    stop()
    expect(connectors.list()).toEqual([])
    installWallet({ info: info({ rdns: 'io.after' }), provider: provider() })()
    expect(connectors.list()).toEqual([])
  })

  it('does nothing without a window (Node, server rendering)', () => {
    delete g.window
    expect(() => discover()).not.toThrow()
    expect(connectors.list()).toEqual([])
  })
})

describe('legacy window.ethereum', () => {
  it('becomes the INJECTED "Browser Wallet" connector when nothing announces it', () => {
    const legacy = provider()
    g.window!.ethereum = legacy
    discover()
    expect(connectors.list()).toEqual([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', provider: legacy }])
  })

  it('is not listed twice when an announced wallet has the same provider object', () => {
    const shared = provider()
    g.window!.ethereum = shared
    installWallet({ info: info(), provider: shared })
    discover()
    expect(connectors.list().map((c) => c.id)).toEqual(['org.test.wallet'])
  })

  it('is removed when the same provider announces itself later', () => {
    const shared = provider()
    g.window!.ethereum = shared
    discover()
    expect(connectors.list().map((c) => c.id)).toEqual(['injected'])
    installWallet({ info: info(), provider: shared })()
    expect(connectors.list().map((c) => c.id)).toEqual(['org.test.wallet'])
  })

  it('stays beside an announced wallet that is a different provider', () => {
    g.window!.ethereum = provider()
    installWallet({ info: info(), provider: provider() })
    discover()
    expect(
      connectors
        .list()
        .map((c) => c.id)
        .sort(),
    ).toEqual(['injected', 'org.test.wallet'])
  })

  it('is ignored when it is not an EIP-1193 provider, or its getter throws', () => {
    g.window!.ethereum = { isMetaMask: true }
    discover()
    Object.defineProperty(g.window, 'ethereum', {
      get: () => {
        throw new Error('conflict')
      },
    })
    discover()
    expect(connectors.list()).toEqual([])
  })

  it('follows the lists by its id "injected"', () => {
    g.window!.ethereum = provider()
    discover({ includeWalletIds: [], excludeWalletIds: ['injected'] })
    expect(connectors.list()).toEqual([])
  })
})
