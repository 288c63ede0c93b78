import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { createConnectorRegistry } from '../../kernel/connectorRegistry/connectorRegistry.ts'
import { parseConfig } from '../../kernel/config/parseConfig.ts'
import { createRpcRegistry } from '../../kernel/rpc/rpcRegistry.ts'
import { readAccounts } from '../../plugins/namespaces/bip122/accounts.ts'
import { startDiscovery as startPolkadotDiscovery } from '../../plugins/namespaces/polkadot/discovery.ts'
import { forwardProviderEvents } from '../../plugins/namespaces/eip155/providerEvents.ts'
import { initialChainIdOf } from '../../servers/frame/page/keys.ts'
import { createHttpWalletRegistry } from '../../plugins/walletconnect/registry.ts'

// The crashes the fuzz run found, each replayed with its counterexample so that it
// fails every time the fix is undone (a fuzz run only finds them with some probability).
const throwing = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile getter')
      },
      ownKeys() {
        throw new Error('hostile ownKeys')
      },
    },
  )

const g = globalThis as unknown as { window?: EventTarget & { injectedWeb3?: unknown } }
afterEach(() => {
  delete g.window
})

describe('crashes found by fuzzing', () => {
  it('polkadot discovery: a throwing window.injectedWeb3 lists nothing; a "constructor" key is listed by its own name', () => {
    g.window = new EventTarget()
    const connectors = createConnectorRegistry()
    g.window.injectedWeb3 = throwing()
    expect(() => startPolkadotDiscovery({ connectors, config: { includeWalletIds: [], excludeWalletIds: [] } })()).not.toThrow()
    g.window.injectedWeb3 = { constructor: { enable: async () => ({}) } }
    const stop = startPolkadotDiscovery({ connectors, config: { includeWalletIds: [], excludeWalletIds: [] } })
    expect(connectors.list().map(({ id, name }) => ({ id, name }))).toEqual([{ id: 'constructor', name: 'constructor' }])
    stop()
  })

  it('kit.request with a throwing request object rejects with "malformed request"', async () => {
    const registry = createRpcRegistry({ loadOwner: async () => false, isContributed: () => false, onRejected: () => undefined, forward: async () => null })
    await expect(registry.request(throwing())).rejects.toMatchObject({ details: 'malformed request' })
  })

  it('eip155: a disconnect error whose code throws is a disconnect, not a crash', () => {
    const wallet = Object.assign(new EventEmitter(), { request: async () => null })
    const disconnected: string[] = []
    forwardProviderEvents(wallet, { id: 'io.fuzz', name: 'Fuzz', type: 'ANNOUNCED', chain: 'eip155' }, () => ({
      accountsChanged: () => undefined,
      chainChanged: () => undefined,
      disconnected: (_namespace, id) => void disconnected.push(id),
    }))
    expect(() => wallet.emit('disconnect', throwing())).not.toThrow()
    expect(disconnected).toEqual(['io.fuzz'])
  })

  it('parseConfig: options that throw when read are a ConfigError at (root)', () => {
    expect(() => parseConfig(throwing() as never)).toThrow(expect.objectContaining({ name: 'ConfigError', field: '(root)' }))
  })

  it("wallet registry: an answer that is not JSON is 'The wallet registry sent an answer Portico cannot read'", async () => {
    const registry = createHttpWalletRegistry('http://127.0.0.1:8630', { fetch: (async () => new Response('{"count":', { status: 200 })) as typeof fetch })
    await expect(registry.list({ page: 1, entries: 40 })).rejects.toMatchObject({ shortMessage: 'The wallet registry sent an answer Portico cannot read', details: 'not JSON' })
  })

  it('Wallet Standard: wallet.accounts that is a throwing Proxy of an array reads as no accounts', () => {
    const accounts = new Proxy([], {
      get() {
        throw new Error('hostile getter')
      },
    })
    expect(readAccounts({ accounts })).toEqual([])
  })

  it('frame page: a chainId query parameter it cannot serve is chain 1 (it was answered raw to GET_CHAIN_ID, and broke SET_PREFERRED_ACCOUNT)', () => {
    // The counterexamples: a URL (not a chain id), empty first of two, another namespace, 65 characters.
    expect(initialChainIdOf('?chainId=https%3A%2F%2Faaaa')).toBe(1)
    expect(initialChainIdOf('?chainId=&chainId=5')).toBe(1)
    expect(initialChainIdOf('?chainId=bip122:000000000019d6689c085ae165831e93')).toBe(1)
    expect(initialChainIdOf(`?chainId=${'1'.repeat(65)}`)).toBe(1)
    expect(initialChainIdOf('')).toBe(1)
    // What the host sends: an EVM id, a CAIP-2 id, a bare Solana reference; 64 characters still one.
    expect(initialChainIdOf('?chainId=31337')).toBe('31337')
    expect(initialChainIdOf('?chainId=eip155:8453')).toBe('eip155:8453')
    expect(initialChainIdOf('?chainId=5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(initialChainIdOf(`?chainId=${'1'.repeat(64)}`)).toBe('1'.repeat(64))
  })
})
