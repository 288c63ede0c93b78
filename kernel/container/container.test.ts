import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { base, mainnet, solana } from '../chains/networks.ts'
import { parseConfig } from '../config/parseConfig.ts'
import { createRpcRegistry } from '../rpc/rpcRegistry.ts'
import { createSnackService } from '../snack/snackService.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { createKitContainer } from './container.ts'
import { type Token, createToken, isRegistered, resolve } from './token.ts'
import * as T from './tokens.ts'

// Spies around two factories, so the tests can see when the container builds a service.
vi.mock('../rpc/rpcRegistry.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../rpc/rpcRegistry.ts')>()
  return { ...mod, createRpcRegistry: vi.fn(mod.createRpcRegistry) }
})
vi.mock('../snack/snackService.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../snack/snackService.ts')>()
  return { ...mod, createSnackService: vi.fn(mod.createSnackService) }
})

const runtime = () => ({
  storage: createMemoryBackend(),
  environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
  logger: { warn: vi.fn(), error: vi.fn() },
  fetch: globalThis.fetch,
})

const makeKit = () =>
  createKernel({ projectId: 'test-project', networks: [mainnet, base, solana], features: { analytics: false } }, runtime())

describe('container (DESIGN Container: one child container per kit, no module-level singletons)', () => {
  it('DESIGN Container: two kits from createKernel have separate containers', () => {
    const a = makeKit()
    const b = makeKit()
    expect(a.container).not.toBe(b.container)
    const tokens: Token<unknown>[] = [T.IEventBus, T.IChainStore, T.IModalService, T.IRouter, T.IStorage, T.ISnackService]
    for (const token of tokens) {
      expect(resolve(a.container, token)).not.toBe(resolve(b.container, token))
    }
  })

  it('DESIGN Container: opening one kit does not open the other (separate state)', () => {
    const a = makeKit()
    const b = makeKit()
    a.open()
    expect(a.modal.store.get().open).toBe(true)
    expect(b.modal.store.get().open).toBe(false)
    a.router.push('AllWallets')
    expect(b.router.current().view).toBe('Connect')
  })

  it('DESIGN Container: chain state of one kit does not leak into another', () => {
    const a = makeKit()
    const b = makeKit()
    a.chains.updateAccount('eip155', { address: '0xabc', caipAddress: 'eip155:1:0xabc', status: 'connected' })
    expect(a.chains.isConnected()).toBe(true)
    expect(b.chains.isConnected()).toBe(false)
    expect(b.chains.record('eip155')?.accountState.address).toBeUndefined()
  })

  it('DESIGN Container: a service resolves as the same instance every time within a kit (singleton per kit)', () => {
    const kit = makeKit()
    expect(resolve(kit.container, T.IModalService)).toBe(kit.modal)
    expect(resolve(kit.container, T.IRouter)).toBe(kit.router)
    expect(resolve(kit.container, T.IRpcRegistry)).toBe(resolve(kit.container, T.IRpcRegistry))
    expect(resolve(kit.container, T.IConfig)).toBe(kit.config)
  })

  it('DESIGN Container: services are built lazily, on first resolve, and once', () => {
    const factory = vi.mocked(createSnackService)
    factory.mockClear()
    const container = createKitContainer(
      parseConfig({ projectId: 'p', networks: [mainnet] }),
      [],
      runtime(),
    )
    expect(factory).not.toHaveBeenCalled()
    const first = resolve(container, T.ISnackService)
    expect(factory).toHaveBeenCalledTimes(1)
    expect(resolve(container, T.ISnackService)).toBe(first)
    expect(factory).toHaveBeenCalledTimes(1)
  })

  it('DESIGN Container: the RPC registry of a kit is not built until the first request', async () => {
    const factory = vi.mocked(createRpcRegistry)
    factory.mockClear()
    const kit = makeKit()
    expect(factory).not.toHaveBeenCalled()
    await expect(kit.request({ method: 'not_a_method' })).rejects.toThrow()
    await expect(kit.request({ method: 'still_not' })).rejects.toThrow()
    expect(factory).toHaveBeenCalledTimes(1)
  })

  it('DESIGN Container: a service registered by token in one kit is invisible to another', () => {
    const IThing = createToken<{ name: string }>('IThing')
    const a = makeKit()
    const b = makeKit()
    a.container.register(IThing, { useValue: { name: 'a' } })
    expect(resolve(a.container, IThing).name).toBe('a')
    expect(isRegistered(a.container, IThing)).toBe(true)
    expect(isRegistered(b.container, IThing)).toBe(false)
  })

  it('DESIGN Container: tokens are unique values even with the same name', () => {
    expect(createToken('X')).not.toBe(createToken('X'))
  })
})
