import { vi } from 'vitest'
import {
  type ChainAdapter,
  type ChainNamespace,
  IAdapterRegistry,
  type PluginManifest,
  type PorticoOptions,
  type StorageBackend,
  base,
  createKernel,
  createMemoryBackend,
  definePlugin,
  mainnet,
  resolve,
  solana,
} from '../../../kernel/index.ts'
import { authPlugin } from '../index.ts'
import type { FrameUser } from '../../../protocol/frameProtocol.ts'
import { type FakeFrame, createFakeFrame } from './fakeFrame.ts'

export const FRAME_URL = 'http://127.0.0.1:8700'
export const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
export const SOLANA_ADDRESS = '7EqQdEULxWcraVx3mXKFjc84LhCkMGZCkRuDpvcMwJeK'

/** The frame's user for a chain id: the EVM account for a number, the Solana one otherwise. */
export function userFor(chainId: string | number, email = 'ada@example.com'): FrameUser {
  const address = typeof chainId === 'number' ? EVM_ADDRESS : SOLANA_ADDRESS
  return { email, address, chainId, accounts: [{ address, type: 'eoa' }], smartAccountDeployed: false, preferredAccountType: 'eoa' }
}

/** A frame that answers like the real one for a signed-in user. */
export function happyFrame(frame: FakeFrame = createFakeFrame()): FakeFrame {
  frame.on('SYNC_DAPP_DATA', () => ({}))
  frame.on('SYNC_THEME', () => ({}))
  frame.on('GET_USER', ({ chainId }) => userFor(chainId))
  frame.on('SET_PREFERRED_ACCOUNT', () => {
    throw new Error('Smart accounts are not available')
  })
  frame.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({ smartAccountEnabledNetworks: [] }))
  frame.on('IS_CONNECTED', () => ({ isConnected: true }))
  frame.on('SIGN_OUT', () => ({}))
  frame.on('SWITCH_NETWORK', ({ chainId }) => ({ chainId }))
  frame.on('CONNECT_OTP', () => ({}))
  return frame
}

export const SMART_ADDRESS = '0x1111111111111111111111111111111111111111'

/** A frame whose chain 1 has a smart account: it answers the type asked for, as the real one does. */
export function smartFrame(): FakeFrame {
  const frame = happyFrame()
  let type: 'eoa' | 'smartAccount' = 'smartAccount'
  frame.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({ smartAccountEnabledNetworks: [1] }))
  frame.on('INIT_SMART_ACCOUNT', () => ({}))
  frame.on('SET_PREFERRED_ACCOUNT', (payload) => {
    type = payload.type
    return { type, address: type === 'smartAccount' ? SMART_ADDRESS : EVM_ADDRESS }
  })
  frame.on('GET_USER', ({ chainId, preferredAccountType }) => {
    type = preferredAccountType ?? type
    // Only chain 1 has a smart account: elsewhere the user is the eoa alone.
    if (chainId !== 1) return userFor(chainId)
    return {
      ...userFor(chainId),
      address: type === 'smartAccount' ? SMART_ADDRESS : EVM_ADDRESS,
      accounts: [
        { address: EVM_ADDRESS, type: 'eoa' as const },
        { address: SMART_ADDRESS, type: 'smartAccount' as const },
      ],
      preferredAccountType: type,
    }
  })
  return frame
}

/** The auth plugin with its body on the fake frame. */
export function authOnFake(frame: FakeFrame): PluginManifest {
  const manifest = authPlugin()
  return definePlugin({
    ...manifest,
    load: async () => {
      const body = await import('../body.ts')
      return { activate: (context) => body.activate(context, frame.factory) }
    },
  })
}

/** The namespaces' own adapters, for balances over their normal RPC. */
export function namespaceAdapters() {
  const getBalance = vi.fn(async () => ({ balance: '1.5', symbol: 'ETH' }))
  const manifest = definePlugin({
    id: 'namespaces',
    contributes: { namespaces: ['eip155', 'solana'] },
    load: async () => ({
      activate(context) {
        const registry = resolve(context.container, IAdapterRegistry)
        for (const namespace of ['eip155', 'solana'] as ChainNamespace[]) {
          registry.register({
            namespace,
            connect: async () => {
              throw new Error('not used')
            },
            reconnect: async () => undefined,
            disconnect: async () => undefined,
            switchNetwork: async () => undefined,
            getBalance,
            getProvider: () => undefined,
          } satisfies ChainAdapter)
        }
      },
    }),
  })
  return { manifest, getBalance }
}

export function createAuthKit(options: { frame?: FakeFrame; backend?: StorageBackend; kit?: Partial<PorticoOptions>; plugins?: PluginManifest[] } = {}) {
  const frame = options.frame ?? happyFrame()
  const backend = options.backend ?? createMemoryBackend()
  const namespaces = namespaceAdapters()
  const logger = { warn: vi.fn(), error: vi.fn() }
  const kit = createKernel(
    {
      projectId: 'test-project',
      networks: [mainnet, base, solana],
      endpoints: { frame: FRAME_URL },
      metadata: { name: 'Test app', description: 'A test', url: 'https://app.example', icons: ['https://app.example/icon.png', 'not a url'] },
      ...options.kit,
      plugins: [namespaces.manifest, authOnFake(frame), ...(options.plugins ?? [])],
      features: { analytics: false },
    },
    {
      storage: backend,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger,
      fetch: () => Promise.reject(new Error('tests make no requests')),
    },
  )
  return { kit, frame, backend, logger, getBalance: namespaces.getBalance }
}
