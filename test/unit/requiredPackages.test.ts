import { describe, expect, it } from 'vitest'
import { allPlugins } from '../../entries/all.ts'
import { createPortico, definePlugin, createMemoryBackend, mainnet, solana } from '../../entries/portico.ts'
import { solanaPlugin } from '../../plugins/namespaces/solana/index.ts'
import { walletConnectPlugin } from '../../plugins/walletconnect/index.ts'
import { ConfigError } from '../../kernel/errors/base.ts'
import type { PluginManifest } from '../../kernel/plugins/manifest.ts'
import { missingRequiredPackage } from '../../kernel/plugins/requiredPackages.ts'

// Issue 11: an optional plugin SDK that is not installed fails with the package's name.
// Issue 27: found from the module graph (the body's own import failing), never by asking
// the disk at createPortico(): a bundler bakes the build machine's path into such a
// lookup, and the moved app then called an installed SDK missing.
const quiet = { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } }
const missingSdk = 'portico-sdk-that-is-not-installed'
const needsMissingSdk = definePlugin({
  id: 'needs-sdk',
  requiredPackages: [missingSdk],
  when: (config) => config.networks.some((network) => network.chainNamespace === 'solana'),
  contributes: { views: ['NeedsSdkView'] },
  // A real import that Node's resolver refuses, as the body's SDK import would be.
  load: async () => (await import(/* @vite-ignore */ missingSdk)) as never,
})
const kitWith = (plugins: readonly PluginManifest[], networks = [mainnet, solana]) =>
  createPortico({ projectId: 'p', networks, plugins: [...plugins], features: { analytics: false } }, quiet)

describe('plugins whose SDK is an optional peer package', () => {
  it('createPortico asks no resolver: an enabled plugin whose package is missing still creates the kit', () => {
    kitWith([needsMissingSdk]).destroy()
  })

  it("loading the plugin fails with a ConfigError naming the package to install, and the plugin's status says so", async () => {
    const kit = kitWith([needsMissingSdk])
    const failure = await kit.plugins.load('needs-sdk').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConfigError)
    expect((failure as Error).message).toContain(
      'the "needs-sdk" plugin needs the package portico-sdk-that-is-not-installed, which is not installed. Install it: npm install portico-sdk-that-is-not-installed',
    )
    expect(kit.plugins.status.get()['needs-sdk']).toMatchObject({ state: 'failed', message: expect.stringContaining('npm install portico-sdk-that-is-not-installed') })
    kit.destroy()
  })

  it("reads the package from each runtime's resolution error, and leaves any other failure as it is", () => {
    const named = (message: string) => missingRequiredPackage(needsMissingSdk, new Error(message))
    expect(named(`Cannot find package '${missingSdk}' imported from /app/node_modules/portico/dist/chunks/body.js`)).toBe(missingSdk)
    expect(named(`Cannot find module '${missingSdk}/dist/index.js'`)).toBe(missingSdk)
    expect(named(`Failed to resolve module specifier "${missingSdk}". Relative references must start with either "/", "./", or "../".`)).toBe(missingSdk)
    expect(named(`The specifier “${missingSdk}” was a bare specifier, but was not remapped to anything.`)).toBe(missingSdk)
    expect(named(`Cannot find module '${missingSdk}-extra'`)).toBeUndefined()
    expect(named(`${missingSdk}: relay refused the connection`)).toBeUndefined()
    expect(missingRequiredPackage(needsMissingSdk, `Cannot find module '${missingSdk}'`)).toBeUndefined()
  })

  it('a disabled plugin is not loaded', () => {
    const kit = kitWith([needsMissingSdk], [mainnet])
    expect(kit.plugins.status.get()['needs-sdk']).toBeUndefined()
    kit.destroy()
  })

  it('the Solana and WalletConnect plugins name their SDKs', () => {
    expect(solanaPlugin().requiredPackages).toEqual(['@solana/web3.js'])
    expect(walletConnectPlugin().requiredPackages).toEqual(['@walletconnect/universal-provider'])
    kitWith(allPlugins()).destroy()
  })
})

describe('allPlugins', () => {
  it('replaces a built-in plugin by id and appends a new one', () => {
    const mine = definePlugin({ id: 'walletconnect', contributes: {}, load: async () => ({ activate: () => undefined }) })
    const extra = definePlugin({ id: 'extra', contributes: {}, load: async () => ({ activate: () => undefined }) })
    const builtin = allPlugins().map((p) => p.id)
    expect(builtin).toContain('walletconnect')
    const plugins = allPlugins([mine, extra])
    expect(plugins.map((p) => p.id)).toEqual([...builtin, 'extra'])
    expect(plugins[builtin.indexOf('walletconnect')]).toBe(mine)
  })
})
