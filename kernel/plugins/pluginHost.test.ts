import { describe, expect, it, vi } from 'vitest'
import { createKernel, type KernelOptions } from '../createKernel.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { bitcoin, mainnet } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { createToken, resolve } from '../container/token.ts'
import { ConfigError, PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import * as v from 'valibot'
import { type PluginBody, type PluginContext, type PluginManifest, definePlugin } from './manifest.ts'

const runtime = (extra: Partial<KernelOptions> = {}): KernelOptions => ({
  storage: createMemoryBackend(),
  environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
  logger: { warn: vi.fn(), error: vi.fn() },
  fetch: globalThis.fetch,
  ...extra,
})

const makeKit = (options: Partial<PorticoOptions> = {}, extra: Partial<KernelOptions> = {}) =>
  createKernel({ projectId: 'p', networks: [mainnet], ...options, features: { analytics: false, ...options.features } }, runtime(extra))

/** A plugin whose body registers its views with a marker component, and a spy on its import. */
/** A plugin gated by a boolean flag of its own, on by default (like swaps or on-ramp). */
const flagged = (name: string) => ({ flags: [{ name, schema: v.boolean(), default: true }], enabledBy: name })

function fakePlugin(
  id: string,
  contributes: PluginManifest['contributes'],
  extra: Partial<PluginManifest> & { activate?: (ctx: PluginContext) => ReturnType<PluginBody['activate']> } = {},
) {
  const { activate, ...manifestExtra } = extra
  const load = vi.fn(
    async (): Promise<PluginBody> => ({
      activate(ctx) {
        for (const view of contributes.views ?? []) ctx.views.register(view, { component: `${id}:${view}`, title: view })
        for (const method of contributes.rpcMethods ?? []) ctx.rpc.register(method, async (params) => ({ from: id, params }))
        return activate?.(ctx)
      },
    }),
  )
  return { manifest: definePlugin({ id, contributes, load, ...manifestExtra }), load }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('plugin host: bodies load on first use (manifest now, body later)', () => {
  it('nothing is loaded at start-up', () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    expect(load).not.toHaveBeenCalled()
    expect(kit.plugins.status.get()).toEqual({ acme: { state: 'idle' } })
  })

  it('a router push of a contributed view loads its plugin body', async () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    kit.router.push('AcmeView')
    expect(load).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(kit.views.get('AcmeView')?.component).toBe('acme:AcmeView'))
    expect(kit.plugins.status.get().acme?.state).toBe('active')
  })

  it('pushing a core view loads no plugin', () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    kit.router.push('AllWallets')
    expect(load).not.toHaveBeenCalled()
  })

  it('kit.views.resolve of a contributed view loads the body and returns the view', async () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    const view = await kit.views.resolve('AcmeView')
    expect(view).toEqual({ component: 'acme:AcmeView', title: 'AcmeView' })
    expect(load).toHaveBeenCalledTimes(1)
    await kit.views.resolve('AcmeView')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('kit.request of a contributed RPC method loads the body and runs its handler', async () => {
    const { manifest, load } = fakePlugin('acme', { rpcMethods: ['wallet_getAssets'] })
    const kit = makeKit({ plugins: [manifest] })
    expect(load).not.toHaveBeenCalled()
    await expect(kit.request({ method: 'wallet_getAssets', params: [1] })).resolves.toEqual({ from: 'acme', params: [1] })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('concurrent loads share one import', async () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'], rpcMethods: ['wallet_getAssets'] })
    const kit = makeKit({ plugins: [manifest] })
    await Promise.all([
      kit.views.resolve('AcmeView'),
      kit.views.resolve('AcmeView'),
      kit.plugins.load('acme'),
      kit.request({ method: 'wallet_getAssets' }),
      kit.plugins.loadOwnerOf('views', 'AcmeView'),
    ])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('status goes idle, loading, active and PLUGIN_LOADED is emitted', async () => {
    const { manifest } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    const states: string[] = []
    kit.plugins.status.subscribe((s) => states.push(s.acme!.state))
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))
    await kit.plugins.load('acme')
    expect(states).toEqual(['loading', 'active'])
    expect(events).toEqual([{ type: 'PLUGIN_LOADED', properties: { plugin: 'acme', ms: expect.any(Number) } }])
  })
})

describe('plugin host: activation events (nothing loads at start-up that the first screen does not show)', () => {
  it('an onModalOpen plugin loads on the first open, not before', async () => {
    const { manifest, load } = fakePlugin('discovery', { views: ['DiscoveryView'] }, { activationEvents: ['onModalOpen'] })
    const kit = makeKit({ plugins: [manifest] })
    await flush()
    expect(load).not.toHaveBeenCalled()
    kit.open()
    kit.bus.emit({ type: 'MODAL_SHOWN' })
    expect(load).toHaveBeenCalledTimes(1)
    kit.close()
    kit.open()
    kit.bus.emit({ type: 'MODAL_SHOWN' })
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(kit.plugins.status.get().discovery?.state).toBe('active')
  })

  it('an onStartup plugin loads right after the kit is created; others stay idle', async () => {
    const startup = fakePlugin('watcher', { views: ['WatcherView'] }, { activationEvents: ['onStartup'] })
    const lazy = fakePlugin('lazy', { views: ['LazyView'] })
    makeKit({ plugins: [startup.manifest, lazy.manifest] })
    expect(startup.load).not.toHaveBeenCalled()
    await flush()
    expect(startup.load).toHaveBeenCalledTimes(1)
    expect(lazy.load).not.toHaveBeenCalled()
  })

  it('a disabled plugin is not loaded by its activation events either', async () => {
    const { manifest, load } = fakePlugin(
      'onramp',
      { views: ['OnRamp'] },
      {
        ...flagged('onramp'),
        activationEvents: ['onStartup', 'onModalOpen'],
      },
    )
    const kit = makeKit({ plugins: [manifest], features: { onramp: false } })
    kit.open()
    await flush()
    expect(load).not.toHaveBeenCalled()
  })

  it('a failed activation-event load raises the alert but does not break opening', async () => {
    const load = vi.fn(async (): Promise<PluginBody> => {
      throw new Error('offline')
    })
    const kit = makeKit({ plugins: [definePlugin({ id: 'discovery', contributes: {}, activationEvents: ['onModalOpen'], load })] })
    expect(() => kit.open()).not.toThrow()
    kit.bus.emit({ type: 'MODAL_SHOWN' })
    await flush()
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.alerts.store.get().current?.alert).toMatchObject({ shortMessage: 'Feature failed to load' })
  })

  it('after destroy, opening no longer activates plugins', async () => {
    const { manifest, load } = fakePlugin('discovery', {}, { activationEvents: ['onModalOpen'] })
    const kit = makeKit({ plugins: [manifest] })
    kit.plugins.dispose()
    kit.open()
    kit.bus.emit({ type: 'MODAL_SHOWN' })
    await new Promise((resolve) => setTimeout(resolve, 270))
    expect(load).not.toHaveBeenCalled()
  })
})

describe('plugin host: disabled features (feature flags gate the modules)', () => {
  it("a disabled feature's plugin is never loaded, even when its view is asked for", async () => {
    const { manifest, load } = fakePlugin('swaps', { views: ['Swap'], rpcMethods: ['acme_swapQuote'] }, flagged('swaps'))
    const kit = makeKit({ plugins: [manifest], features: { swaps: false } })
    expect(kit.plugins.manifests).toEqual([])
    kit.router.push('Swap')
    await expect(kit.views.resolve('Swap')).rejects.toThrow(PorticoError)
    await expect(kit.plugins.load('swaps')).rejects.toThrow()
    await expect(kit.request({ method: 'acme_swapQuote' })).rejects.toThrow(ErrorText.RPC_METHOD_NOT_ALLOWED)
    await flush()
    expect(load).not.toHaveBeenCalled()
  })

  it('the same plugin loads when its feature is on (the default)', async () => {
    const { manifest, load } = fakePlugin('swaps', { views: ['Swap'] }, flagged('swaps'))
    const kit = makeKit({ plugins: [manifest] })
    await kit.views.resolve('Swap')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a plugin whose `when` condition is false is never loaded', async () => {
    const { manifest, load } = fakePlugin(
      'btc',
      { views: ['BtcView'], namespaces: ['bip122'] },
      {
        when: (config) => config.networks.some((n) => n.chainNamespace === 'bip122'),
      },
    )
    const evmOnly = makeKit({ plugins: [manifest] })
    await expect(evmOnly.views.resolve('BtcView')).rejects.toThrow()
    expect(evmOnly.plugins.namespacesWithAdapter()).toEqual([])
    expect(load).not.toHaveBeenCalled()
    const withBtc = makeKit({ plugins: [manifest], networks: [mainnet, bitcoin] })
    expect(withBtc.plugins.namespacesWithAdapter()).toEqual(['bip122'])
  })

  it('a view nobody contributes rejects', async () => {
    const kit = makeKit()
    await expect(kit.views.resolve('NoSuchView')).rejects.toThrow('View "NoSuchView" is not available')
  })
})

describe('plugin host: failures and retry', () => {
  it('a load failure sets status failed, reports PLUGIN_LOAD_FAILED (alert + bus), and retry loads again', async () => {
    let attempts = 0
    const body: PluginBody = {
      activate: (ctx) => {
        ctx.views.register('AcmeView', { component: 'acme', title: 'Acme' })
      },
    }
    const load = vi.fn(async () => {
      attempts += 1
      if (attempts === 1) throw new Error('chunk failed to download')
      return body
    })
    const logger = { warn: vi.fn(), error: vi.fn() }
    const kit = makeKit({ plugins: [definePlugin({ id: 'acme', contributes: { views: ['AcmeView'] }, load })] }, { logger })
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))

    await expect(kit.views.resolve('AcmeView')).rejects.toThrow('chunk failed to download')
    expect(kit.plugins.status.get().acme).toEqual({ state: 'failed', message: 'chunk failed to download' })
    expect(kit.alerts.store.get().current?.alert).toMatchObject({ shortMessage: 'Feature failed to load' })
    expect(events).toContainEqual({ type: 'PLUGIN_LOAD_FAILED', properties: { plugin: 'acme', message: 'chunk failed to download' } })
    expect(logger.error).toHaveBeenCalled()

    // a plain load after a failure does not silently retry
    await expect(kit.plugins.load('acme')).rejects.toThrow()
    expect(load).toHaveBeenCalledTimes(1)

    await kit.plugins.retry('acme')
    expect(load).toHaveBeenCalledTimes(2)
    expect(kit.plugins.status.get().acme?.state).toBe('active')
    await expect(kit.views.resolve('AcmeView')).resolves.toEqual({ component: 'acme', title: 'Acme' })
  })

  it('an activate that throws counts as a failed load', async () => {
    const { manifest } = fakePlugin(
      'acme',
      { views: ['AcmeView'] },
      {
        activate: () => {
          throw new Error('boom')
        },
      },
    )
    const kit = makeKit({ plugins: [manifest] })
    await expect(kit.plugins.load('acme')).rejects.toThrow('boom')
    expect(kit.plugins.status.get().acme?.state).toBe('failed')
  })

  it('retry of an active plugin does not load it again', async () => {
    const { manifest, load } = fakePlugin('acme', { views: ['AcmeView'] })
    const kit = makeKit({ plugins: [manifest] })
    await kit.plugins.load('acme')
    await kit.plugins.retry('acme')
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('plugin host: requires, duplicates, disposal', () => {
  it('`requires` loads the dependency first (email needs the embedded wallet)', async () => {
    const order: string[] = []
    const wallet = fakePlugin('embedded-wallet', { views: ['WalletView'] }, { activate: () => void order.push('embedded-wallet') })
    const email = fakePlugin('email', { views: ['EmailView'] }, { requires: ['embedded-wallet'], activate: () => void order.push('email') })
    const kit = makeKit({ plugins: [email.manifest, wallet.manifest] })
    await kit.views.resolve('EmailView')
    expect(order).toEqual(['embedded-wallet', 'email'])
    expect(wallet.load).toHaveBeenCalledTimes(1)
  })

  it('requiring a plugin that is not enabled fails the load', async () => {
    const email = fakePlugin('email', { views: ['EmailView'] }, { requires: ['embedded-wallet'] })
    const kit = makeKit({ plugins: [email.manifest] })
    await expect(kit.views.resolve('EmailView')).rejects.toThrow('requires "embedded-wallet"')
    expect(kit.plugins.status.get().email?.state).toBe('failed')
    expect(email.load).not.toHaveBeenCalled()
  })

  it('duplicate plugin ids are rejected with a ConfigError at plugins', () => {
    const a = fakePlugin('acme', { views: ['A'] })
    const b = fakePlugin('acme', { views: ['B'] })
    expect(() => makeKit({ plugins: [a.manifest, b.manifest] })).toThrow(ConfigError)
    try {
      makeKit({ plugins: [a.manifest, b.manifest] })
    } catch (error) {
      expect((error as ConfigError).field).toBe('plugins')
    }
  })

  it('two enabled plugins contributing the same view are rejected', () => {
    const a = fakePlugin('a', { views: ['Shared'] })
    const b = fakePlugin('b', { views: ['Shared'] })
    expect(() => makeKit({ plugins: [a.manifest, b.manifest] })).toThrow(/"Shared" is contributed by both "a" and "b"/)
  })

  it('two enabled plugins contributing the same RPC method are rejected', () => {
    const a = fakePlugin('a', { rpcMethods: ['wallet_getAssets'] })
    const b = fakePlugin('b', { rpcMethods: ['wallet_getAssets'] })
    expect(() => makeKit({ plugins: [a.manifest, b.manifest] })).toThrow(ConfigError)
  })

  it('a duplicate view is fine when one of the two plugins is disabled', () => {
    const a = fakePlugin('a', { views: ['Shared'] }, flagged('swaps'))
    const b = fakePlugin('b', { views: ['Shared'] })
    expect(() => makeKit({ plugins: [a.manifest, b.manifest], features: { swaps: false } })).not.toThrow()
  })

  it('two plugins with the same id are rejected', () => {
    const first = fakePlugin('receive', { views: ['Receive'] })
    const second = fakePlugin('receive', { views: ['Other'] })
    expect(() => makeKit({ plugins: [first.manifest, second.manifest] })).toThrow('two plugins have the id "receive"')
  })

  it('disposers run on kit.destroy(), last activated first, and the bus completes', async () => {
    const order: string[] = []
    const a = fakePlugin('a', { views: ['A'] }, { activate: () => () => void order.push('a') })
    const b = fakePlugin('b', { views: ['B'] }, { activate: async () => () => void order.push('b') })
    const c = fakePlugin('c', { views: ['C'] }, { activate: () => () => void order.push('c') })
    const kit = makeKit({ plugins: [a.manifest, b.manifest, c.manifest] })
    await kit.plugins.load('a')
    await kit.plugins.load('b')
    const complete = vi.fn()
    kit.bus.events$.subscribe({ complete })
    kit.destroy()
    expect(order).toEqual(['b', 'a'])
    expect(complete).toHaveBeenCalledTimes(1)
  })
})

describe('third-party plugins (createPortico({ plugins: [myPlugin] }))', () => {
  it('a third-party plugin registers a view, a container service by token and an RPC handler, and all three work', async () => {
    interface Greeter {
      greet(name: string): string
    }
    const IGreeter = createToken<Greeter>('IGreeter')
    const disposed = vi.fn()
    const load = vi.fn(
      async (): Promise<PluginBody> => ({
        activate(ctx) {
          const greeter: Greeter = { greet: (name) => `gm ${name}` }
          ctx.container.register(IGreeter, { useValue: greeter })
          const disposeView = ctx.views.register('GreeterView', { component: 'GreeterComponent', title: 'Greeter' })
          const disposeRpc = ctx.rpc.register('wallet_getCapabilities', async (params) => resolve(ctx.container, IGreeter).greet(String((params as string[])[0])))
          return () => {
            disposeView()
            disposeRpc()
            disposed()
          }
        },
      }),
    )
    const myPlugin = definePlugin({
      id: 'greeter',
      contributes: { views: ['GreeterView'], rpcMethods: ['wallet_getCapabilities'] },
      load,
    })
    const kit = makeKit({ plugins: [myPlugin] })

    expect(await kit.views.resolve('GreeterView')).toEqual({ component: 'GreeterComponent', title: 'Greeter' })
    expect(resolve(await kit.container(), IGreeter).greet('anon')).toBe('gm anon')
    await expect(kit.request({ method: 'wallet_getCapabilities', params: ['fren'] })).resolves.toBe('gm fren')
    expect(load).toHaveBeenCalledTimes(1)

    kit.destroy()
    expect(disposed).toHaveBeenCalledTimes(1)
    expect(kit.views.get('GreeterView')).toBeUndefined()
  })

  it('namespace method lists: a method that an enabled plugin contributes (bip122 getAccountAddresses) is accepted', async () => {
    const { manifest } = fakePlugin('bip122', { rpcMethods: ['getAccountAddresses'], namespaces: ['bip122'] })
    const kit = makeKit({ plugins: [manifest], networks: [mainnet, bitcoin] })
    await expect(kit.request({ method: 'getAccountAddresses' })).resolves.toEqual({ from: 'bip122', params: undefined })
  })

  it('the plugin context hands out the kit services', async () => {
    let seen: PluginContext | undefined
    const { manifest } = fakePlugin('acme', { views: ['AcmeView'] }, { activate: (ctx) => void (seen = ctx) })
    const kit = makeKit({ plugins: [manifest] })
    await kit.plugins.load('acme')
    expect(seen?.container).toBe(await kit.container())
    expect(seen?.bus).toBe(kit.bus)
    expect(seen?.views).toBe(kit.views)
    expect(seen?.connectors).toBe(kit.connectors)
    expect(seen?.config).toBe(kit.config)
  })
})
