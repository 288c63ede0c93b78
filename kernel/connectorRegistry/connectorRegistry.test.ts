import { describe, expect, it } from 'vitest'
import type { Connector } from './connector.ts'
import { CONNECTOR_TYPES } from './connector.ts'
import { createConnectorRegistry } from './connectorRegistry.ts'

const connector = (id: string, chain: Connector['chain'], extra: Partial<Connector> = {}): Connector => ({
  id,
  name: id,
  type: 'ANNOUNCED',
  chain,
  ...extra,
})

describe('connector registry', () => {
  it('connector types: INJECTED, ANNOUNCED, EXTERNAL, WALLET_CONNECT, AUTH, MULTI_CHAIN', () => {
    expect([...CONNECTOR_TYPES].sort()).toEqual(['ANNOUNCED', 'AUTH', 'EXTERNAL', 'INJECTED', 'MULTI_CHAIN', 'WALLET_CONNECT'])
  })

  it('connectors are listed in the order they were added', () => {
    const registry = createConnectorRegistry()
    registry.add(connector('a', 'eip155'))
    registry.add(connector('b', 'solana'))
    expect(registry.list().map((c) => c.id)).toEqual(['a', 'b'])
  })

  it('the same connector id on another chain is a separate connector', () => {
    const registry = createConnectorRegistry()
    registry.add(connector('phantom', 'eip155'))
    registry.add(connector('phantom', 'solana'))
    expect(registry.list()).toHaveLength(2)
  })

  it('adding a connector with the same id and chain replaces it', () => {
    const registry = createConnectorRegistry()
    registry.add(connector('mm', 'eip155', { name: 'Old' }))
    registry.add(connector('mm', 'eip155', { name: 'MetaMask', info: { rdns: 'io.metamask' } }))
    expect(registry.list()).toEqual([connector('mm', 'eip155', { name: 'MetaMask', info: { rdns: 'io.metamask' } })])
  })

  it('the disposer removes exactly that connector and the store emits', () => {
    const registry = createConnectorRegistry()
    const seen: number[] = []
    registry.store.subscribe((s) => seen.push(s.connectors.length))
    const remove = registry.add(connector('a', 'eip155'))
    registry.add(connector('b', 'eip155'))
    remove()
    expect(registry.list().map((c) => c.id)).toEqual(['b'])
    expect(seen).toEqual([1, 2, 1])
  })
})
