import { defineChain } from 'viem'
import { expect, it } from 'vitest'
import { createConfig, createStorage, http } from 'wagmi'
import { createPorticoConnectors } from './porticoConnectors.ts'
import { storedKey } from './connectorKit.ts'

// wagmi 2's reconnect (run on every page load by WagmiProvider) asks each connector for its
// provider before it asks isAuthorized. A Portico connector that answered with a provider there
// would download the kit, and mount its modal, on every visit of every wagmi 2 app.
const hardhat = defineChain({ id: 31337, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })

function connectorsWith(stored: Map<string, string>) {
  let kitLoads = 0
  const connectors = createPorticoConnectors({ projectId: 'test-project', frame: 'https://frame.example' }, async () => {
    kitLoads += 1
    throw new Error('the kit is not loaded in this test')
  })
  const storage = createStorage({
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value), removeItem: (key) => void stored.delete(key) },
  })
  const config = createConfig({ chains: [hardhat], transports: { [hardhat.id]: http() }, connectors, storage, multiInjectedProviderDiscovery: false })
  return { connector: config.connectors[0]!, loads: () => kitLoads }
}

it('with no session and none stored, getProvider answers nothing and loads no kit (as wagmi 2 reconnect asks it)', async () => {
  const { connector, loads } = connectorsWith(new Map())
  expect(connector.id).toBe('portico.embedded')
  expect(await connector.getProvider()).toBeFalsy()
  expect(await connector.isAuthorized()).toBe(false)
  expect(loads()).toBe(0)
})

it('with a session stored by an earlier visit, getProvider goes to the kit', async () => {
  const { connector, loads } = connectorsWith(new Map([[`wagmi.${storedKey('portico.embedded')}`, 'true']]))
  await connector.getProvider().catch(() => undefined)
  expect(loads()).toBe(1)
})
