import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet, solana } from '../chains/networks.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { ChainAdapter } from '../connection/chainAdapter.ts'
import { resolve } from '../container/token.ts'
import { IAdapterRegistry } from '../container/tokens.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { definePlugin } from '../plugins/manifest.ts'
import { createMemoryBackend } from '../storage/storage.ts'

const ADDRESS = { eip155: '0xabc0000000000000000000000000000000000001', solana: 'So1anaAddre55So1anaAddre55So1anaAddre55' }

function setup(withRequest = true) {
  const adapters = (['eip155', 'solana'] as const).map((namespace) => ({
    namespace,
    connect: async () => ({ address: ADDRESS[namespace], chainId: namespace === 'eip155' ? 1 : solana.id }),
    reconnect: async () => undefined,
    disconnect: async () => undefined,
    switchNetwork: async () => undefined,
    getBalance: async () => ({ balance: '0', symbol: 'X' }),
    getProvider: () => undefined,
    ...(withRequest ? { request: vi.fn(async (_c: unknown, r: { method: string }) => `${namespace}:${r.method}`) } : {}),
  }))
  const plugin = definePlugin({
    id: 'adapters',
    contributes: { namespaces: ['eip155', 'solana'] },
    load: async () => ({
      activate(ctx) {
        const registry = resolve(ctx.container, IAdapterRegistry)
        adapters.forEach((adapter) => registry.register(adapter as ChainAdapter))
      },
    }),
  })
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet, solana], plugins: [plugin], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
      fetch: globalThis.fetch,
    },
  )
  const connect = async (namespace: ChainNamespace) => {
    kit.connectors.add({ id: `w-${namespace}`, name: 'w', type: 'ANNOUNCED', chain: namespace })
    await kit.connect({ connectorId: `w-${namespace}`, namespace })
  }
  return { kit, adapters, connect }
}

describe('kit.request for a method no plugin handles goes to the connected wallet', () => {
  it('personal_sign reaches the eip155 connection through its adapter, with the params', async () => {
    const { kit, adapters, connect } = setup()
    await kit.restored
    await connect('eip155')
    await expect(kit.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS.eip155] })).resolves.toBe('eip155:personal_sign')
    expect(adapters[0]!.request).toHaveBeenCalledWith(expect.objectContaining({ id: 'w-eip155' }), {
      method: 'personal_sign',
      params: ['0x68656c6c6f', ADDRESS.eip155],
    })
  })

  it('a solana_ method goes to the Solana connection even while eip155 is active', async () => {
    const { kit, connect } = setup()
    await kit.restored
    await connect('solana')
    await connect('eip155')
    expect(kit.chains.get().activeNamespace).toBe('eip155')
    await expect(kit.request({ method: 'solana_signMessage', params: { message: 'x' } })).resolves.toBe('solana:solana_signMessage')
  })

  it("without a connection, or with an adapter that cannot send requests, it fails with 'Adapter not found'", async () => {
    const { kit } = setup()
    await kit.restored
    await expect(kit.request({ method: 'personal_sign' })).rejects.toThrow(ErrorText.ADAPTER_NOT_FOUND)
    const bare = setup(false)
    await bare.kit.restored
    await bare.connect('eip155')
    await expect(bare.kit.request({ method: 'personal_sign' })).rejects.toThrow(ErrorText.ADAPTER_NOT_FOUND)
  })

  it('a plugin handler still wins over the wallet', async () => {
    const { kit, adapters, connect } = setup()
    await kit.restored
    await connect('eip155')
    kit.services.rpc.register('eth_chainId', async () => '0x1')
    await expect(kit.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    expect(adapters[0]!.request).not.toHaveBeenCalled()
  })
})

describe('account facts a wallet reports on connect', () => {
  it('user, smartAccountDeployed and preferredAccountType from the connect result land in the account state', async () => {
    const { kit, adapters } = setup()
    await kit.restored
    adapters[0]!.connect = async () => ({
      address: ADDRESS.eip155,
      chainId: 1,
      accounts: [{ address: ADDRESS.eip155, type: 'eoa' as const, namespace: 'eip155' as const }],
      user: { email: 'ada@example.com' },
      smartAccountDeployed: false,
      preferredAccountType: 'eoa' as const,
    })
    kit.connectors.add({ id: 'embedded', name: 'Email', type: 'AUTH', chain: 'eip155', capabilities: { sharedSession: true, listed: false } })
    await kit.connect({ connectorId: 'embedded', namespace: 'eip155' })
    expect(kit.chains.record('eip155')!.accountState).toMatchObject({
      user: { email: 'ada@example.com' },
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      allAccounts: [{ address: ADDRESS.eip155, type: 'eoa', namespace: 'eip155' }],
    })
  })
})
