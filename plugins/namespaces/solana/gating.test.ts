import { afterEach, describe, expect, it, vi } from 'vitest'
import { type PluginManifest, type PorticoKit, bitcoin, createKernel, createMemoryBackend, defineNetwork, mainnet, parseConfig, solana } from '../../../kernel/index.ts'
import { allPlugins } from '../../../entries/all.ts'
import { bip122Plugin } from '../bip122/index.ts'
import { eip155Plugin } from '../eip155/index.ts'
import { polkadotPlugin } from '../polkadot/index.ts'
import { solanaPlugin } from './index.ts'

// Issue 6: an EVM-only config never loads the Solana, Bitcoin or Polkadot plugin.
// (test/unit/bundle.test.ts checks each plugin body is a lazy chunk of its own.)
const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

const OTHERS = [solanaPlugin(), bip122Plugin(), polkadotPlugin()]
const spied = () => {
  const loads = new Map<string, ReturnType<typeof vi.fn>>()
  const manifests: PluginManifest[] = [eip155Plugin(), ...OTHERS].map((manifest) => {
    const load = vi.fn(manifest.load)
    loads.set(manifest.id, load)
    return { ...manifest, load }
  })
  return { manifests, loads }
}

const kits: PorticoKit[] = []
afterEach(() => kits.splice(0).forEach((k) => k.destroy()))

function kit(networks: Parameters<typeof createKernel>[0]['networks'], plugins: PluginManifest[]) {
  const k = createKernel(
    { projectId: 'p', networks, features: { analytics: false }, plugins },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(k)
  return k
}

describe('namespace plugins load only for their namespace', () => {
  it('are part of the full set', () => {
    expect(allPlugins().map((m) => m.id)).toEqual(expect.arrayContaining(['eip155', 'solana', 'bip122', 'polkadot']))
  })

  it('their `when` is false for an EVM-only config and true once a network of theirs is configured', () => {
    const evmOnly = parseConfig({ projectId: 'p', networks: [mainnet] })
    for (const manifest of OTHERS) expect(manifest.when?.(evmOnly), manifest.id).toBe(false)
    const all = parseConfig({ projectId: 'p', networks: [mainnet, solana, bitcoin, polkadot] })
    for (const manifest of OTHERS) expect(manifest.when?.(all), manifest.id).toBe(true)
    // `adapters` without the namespace (basic mode) keeps them off too.
    const basic = parseConfig({ projectId: 'p', networks: [mainnet, solana], adapters: [] })
    expect(solanaPlugin().when?.(basic)).toBe(false)
  })

  it('an EVM-only kit never loads them: not on start, not on modal open, not on connect attempts', { timeout: 20_000 }, async () => {
    const { manifests, loads } = spied()
    const k = kit([mainnet], manifests)
    await k.restored
    k.open()
    await vi.waitFor(() => expect(k.plugins.status.get()['eip155']?.state).toBe('active'), { timeout: 15_000 })
    expect(Object.keys(k.plugins.status.get())).toEqual(['eip155'])
    expect(k.plugins.namespacesWithAdapter()).toEqual(['eip155'])
    await expect(k.plugins.load('solana')).rejects.toThrow('not enabled')
    expect(loads.get('eip155')).toHaveBeenCalledTimes(1)
    for (const id of ['solana', 'bip122', 'polkadot']) expect(loads.get(id), id).not.toHaveBeenCalled()
  })

  it('a multichain kit loads each on the first modal open, and not before', { timeout: 20_000 }, async () => {
    const { manifests, loads } = spied()
    const k = kit([mainnet, solana, bitcoin, polkadot], manifests)
    await k.restored
    for (const id of ['solana', 'bip122', 'polkadot']) expect(k.plugins.status.get()[id], id).toEqual({ state: 'idle' })
    expect([...loads.values()].every((load) => load.mock.calls.length === 0)).toBe(true)
    k.open()
    await vi.waitFor(
      () => {
        for (const id of ['eip155', 'solana', 'bip122', 'polkadot']) expect(k.plugins.status.get()[id]?.state, id).toBe('active')
      },
      { timeout: 15_000 },
    )
  })
})
