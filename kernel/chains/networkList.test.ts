import { afterEach, describe, expect, it } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { PorticoKit } from '../porticoKit.ts'
import { ConfigError, PorticoError } from '../errors/base.ts'
import { Alerts, ErrorText, adapterMissingError } from '../errors/catalogue.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { defineNetwork } from './network.ts'
import { base, mainnet, solana, solanaDevnet } from './networks.ts'

// Adding or removing a network for a namespace with no adapter throws an error
// saying that the adapter for that namespace doesn't exist. A network already
// present is not added again.
const adapterFor = (...namespaces: ('eip155' | 'solana' | 'polkadot')[]) =>
  definePlugin({ id: `fake-${namespaces.join('-')}`, contributes: { namespaces }, load: async () => ({ activate: () => undefined }) })

const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

const kits: PorticoKit[] = []
afterEach(() => kits.splice(0).forEach((kit) => kit.destroy()))

function kit(networks = [mainnet], plugins = [adapterFor('eip155')]) {
  const k = createKernel(
    { projectId: 'p', networks, features: { analytics: false }, plugins },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(k)
  return k
}

const errorOf = async (fn: () => unknown) => {
  try {
    await fn()
  } catch (error) {
    return error as PorticoError
  }
  throw new Error('expected a throw')
}

describe('kit.addNetwork / kit.removeNetwork', () => {
  it('a namespace with no adapter throws the adapter-missing error, for adding and removing', async () => {
    const k = kit()
    const added = await errorOf(() => k.addNetwork('solana', solana))
    expect(added).toBeInstanceOf(PorticoError)
    expect(added.shortMessage).toBe(adapterMissingError('solana'))
    expect(added.shortMessage).toBe('Adapter for namespace "solana" doesn\'t exist')
    expect((await errorOf(() => k.removeNetwork('polkadot', polkadot.caipNetworkId))).shortMessage).toBe(adapterMissingError('polkadot'))
    expect(k.chains.record('solana')).toBeUndefined()
  })

  it('a namespace whose plugin is disabled has no adapter either', async () => {
    const disabled = definePlugin({ ...adapterFor('solana'), id: 'off', when: () => false })
    const k = kit([mainnet], [adapterFor('eip155'), disabled])
    expect((await errorOf(() => k.addNetwork('solana', solana))).shortMessage).toBe(adapterMissingError('solana'))
  })

  it('adds the network to the chain record, and it can be switched to afterwards', async () => {
    const k = kit()
    await expect(k.switchNetwork(base)).rejects.toMatchObject({ shortMessage: ErrorText.NETWORK_NOT_FOUND })
    expect(k.addNetwork('eip155', base)).toBe(true)
    const record = k.chains.record('eip155')!
    expect(record.caipNetworks).toEqual([mainnet, base])
    expect(record.networkState.requestedCaipNetworks).toEqual([mainnet, base])
    await k.switchNetwork(base)
    expect(k.chains.get().activeCaipNetwork).toEqual(base)
  })

  it('a network already present is not added again', () => {
    const k = kit([mainnet, base])
    expect(k.addNetwork('eip155', base)).toBe(false)
    expect(k.addNetwork('eip155', { ...mainnet, name: 'Another mainnet' })).toBe(false)
    expect(k.chains.record('eip155')!.caipNetworks).toEqual([mainnet, base])
    expect(k.chains.networks()).toEqual([mainnet, base])
  })

  it('a namespace with an adapter but no network yet gets a chain record', () => {
    const k = kit([mainnet], [adapterFor('eip155'), adapterFor('polkadot')])
    expect(k.addNetwork('polkadot', polkadot)).toBe(true)
    expect(k.chains.record('polkadot')).toMatchObject({
      namespace: 'polkadot',
      caipNetworks: [polkadot],
      networkState: { caipNetwork: polkadot },
      accountState: { status: 'disconnected', preferredAccountType: 'eoa' },
    })
  })

  it('refuses a network of another namespace or one that fails the network schema', () => {
    const k = kit([mainnet], [adapterFor('eip155', 'solana')])
    expect(() => k.addNetwork('eip155', solana)).toThrow(ConfigError)
    expect(() => k.addNetwork('eip155', { ...base, name: '' })).toThrow(ConfigError)
    expect(k.chains.networks()).toEqual([mainnet])
  })

  it('removes a network: it leaves the record and switching to it raises Network Not Found', async () => {
    const k = kit([mainnet, base])
    expect(await k.removeNetwork('eip155', base.caipNetworkId)).toBe(true)
    expect(await k.removeNetwork('eip155', base.caipNetworkId)).toBe(false)
    expect(k.chains.record('eip155')!.caipNetworks).toEqual([mainnet])
    expect(k.chains.record('eip155')!.networkState.requestedCaipNetworks).toEqual([mainnet])
    await expect(k.switchNetwork(base)).rejects.toMatchObject({ shortMessage: ErrorText.NETWORK_NOT_FOUND })
    expect(k.alerts.store.get().current?.alert.shortMessage).toBe(Alerts.NETWORK_NOT_FOUND.shortMessage)
  })

  it('removing the active network switches to another of its namespace first, else to another namespace', async () => {
    const k = kit([solana, solanaDevnet, mainnet], [adapterFor('eip155', 'solana')])
    expect(k.chains.get().activeCaipNetwork).toEqual(solana)
    await k.removeNetwork('solana', solana.caipNetworkId)
    expect(k.chains.get().activeCaipNetwork).toEqual(solanaDevnet)
    expect(k.chains.record('solana')!.networkState.caipNetwork).toEqual(solanaDevnet)
    await k.removeNetwork('solana', solanaDevnet.caipNetworkId)
    expect(k.chains.get()).toMatchObject({ activeNamespace: 'eip155', activeCaipNetwork: mainnet })
    expect(k.chains.record('solana')!.caipNetworks).toEqual([])
    // The kit always has an active network: the last one stays.
    await expect(k.removeNetwork('eip155', mainnet.caipNetworkId)).rejects.toMatchObject({
      shortMessage: ErrorText.NETWORK_NOT_FOUND,
    })
    expect(k.chains.networks()).toEqual([mainnet])
  })
})
