import { signatureVerify } from '@polkadot/util-crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { type PorticoKit, createKernel, createMemoryBackend, defineNetwork } from '../../../kernel/index.ts'
import { createPolkadotTestWallet } from '../../../test/peers/polkadotTestWallet.ts'
import type { PolkadotProvider } from './adapter.ts'
import { polkadotPlugin } from './index.ts'

// kit.getProvider('polkadot') over the project's Polkadot test wallet (an injectedWeb3
// extension with a real sr25519 key), on a window stand-in that holds `injectedWeb3`.
const polkadot = defineNetwork({
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
})

let kit: PorticoKit | undefined
afterEach(() => {
  kit?.destroy()
  kit = undefined
  Reflect.deleteProperty(globalThis, 'window')
})

describe('the polkadot provider', () => {
  it('is one object per connected extension (hooks compare it by identity), and it signs what signatureVerify accepts', async () => {
    const wallet = createPolkadotTestWallet({ key: 'polkadot-test' })
    Object.assign(globalThis, { window: Object.assign(new EventTarget(), { injectedWeb3: { 'polkadot-test': wallet.extension } }) })
    kit = createKernel(
      { projectId: 'p', networks: [polkadot], features: { analytics: false }, plugins: [polkadotPlugin()] },
      { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
    )
    await kit.restored
    await kit.plugins.load('polkadot')
    await kit.connect({ connectorId: 'polkadot-test', namespace: 'polkadot' })
    const provider = kit.getProvider('polkadot') as PolkadotProvider
    expect(provider).toBeDefined()
    expect(kit.getProvider('polkadot')).toBe(provider)
    const signature = await provider.signMessage('Hello')
    expect(signatureVerify('Hello', signature, wallet.address).isValid).toBe(true)
    expect(kit.getProvider('polkadot')).toBe(provider)
  })
})
