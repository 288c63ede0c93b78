import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { base, mainnet, solana } from '../chains/networks.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import type { definePlugin } from '../plugins/manifest.ts'
import { type Token, createToken, isRegistered, resolve } from './token.ts'
import * as T from './tokens.ts'

const runtime = () => ({
  storage: createMemoryBackend(),
  environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
  logger: { warn: vi.fn(), error: vi.fn() },
  fetch: globalThis.fetch,
})

const makeKit = (plugins: Parameters<typeof definePlugin>[0][] = []) =>
  createKernel({ projectId: 'test-project', networks: [mainnet, base, solana], features: { analytics: false }, plugins }, runtime())

describe('container (one child container per kit, no module-level singletons)', () => {
  it('two kits have separate containers holding separate services', async () => {
    const a = makeKit()
    const b = makeKit()
    const [ca, cb] = await Promise.all([a.container(), b.container()])
    expect(ca).not.toBe(cb)
    const tokens: Token<unknown>[] = [T.IEventBus, T.IChainStore, T.IModalService, T.IRouter, T.IStorage, T.ISnackService]
    for (const token of tokens) expect(resolve(ca, token)).not.toBe(resolve(cb, token))
  })

  it('opening one kit does not open the other (separate state)', () => {
    const a = makeKit()
    const b = makeKit()
    a.open()
    expect(a.modal.store.get().open).toBe(true)
    expect(b.modal.store.get().open).toBe(false)
    a.router.push('AllWallets')
    expect(b.router.current().view).toBe('Connect')
  })

  it('chain state of one kit does not leak into another', () => {
    const a = makeKit()
    const b = makeKit()
    a.chains.updateAccount('eip155', { address: '0xabc', caipAddress: 'eip155:1:0xabc', status: 'connected' })
    expect(a.chains.isConnected()).toBe(true)
    expect(b.chains.isConnected()).toBe(false)
  })

  it("every token resolves to the kit's own service instance", async () => {
    const kit = makeKit()
    const container = await kit.container()
    expect(resolve(container, T.IModalService)).toBe(kit.modal)
    expect(resolve(container, T.IRouter)).toBe(kit.router)
    expect(resolve(container, T.IRpcRegistry)).toBe(kit.services.rpc)
    expect(resolve(container, T.IConnectionService)).toBe(kit.services.connectionService)
    expect(resolve(container, T.IConfig)).toBe(kit.config)
  })

  it('the container is built once per kit, on first need', async () => {
    const kit = makeKit()
    const first = kit.container()
    expect(kit.container()).toBe(first)
    expect(await first).toBe(await kit.container())
  })

  it('a plugin body receives the kit container in its context', async () => {
    let seen: unknown
    const kit = makeKit([{ id: 'probe', contributes: { views: ['Probe'] }, load: async () => ({ activate: (ctx) => void (seen = ctx.container) }) }])
    await kit.plugins.load('probe')
    expect(seen).toBe(await kit.container())
  })

  it('a service registered by token in one kit is invisible to another', async () => {
    const IThing = createToken<{ name: string }>('IThing')
    const a = await makeKit().container()
    const b = await makeKit().container()
    a.register(IThing, { useValue: { name: 'a' } })
    expect(resolve(a, IThing).name).toBe('a')
    expect(isRegistered(a, IThing)).toBe(true)
    expect(isRegistered(b, IThing)).toBe(false)
  })

  it('tokens are unique values even with the same name', () => {
    expect(createToken('X')).not.toBe(createToken('X'))
  })
})
