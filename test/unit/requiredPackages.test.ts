import { describe, expect, it } from 'vitest'
import { allPlugins } from '../../entries/all.ts'
import { createPortico, definePlugin, createMemoryBackend, mainnet, solana } from '../../entries/portico.ts'
import { solanaPlugin } from '../../plugins/namespaces/solana/index.ts'
import { walletConnectPlugin } from '../../plugins/walletconnect/index.ts'

// Issue 11: an optional plugin SDK that is not installed fails createPortico() with the
// package's name, not the visitor's first click.
const quiet = { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } }
const needsMissingSdk = definePlugin({
  id: 'needs-sdk',
  requiredPackages: ['portico-sdk-that-is-not-installed'],
  when: (config) => config.networks.some((network) => network.chainNamespace === 'solana'),
  contributes: {},
  load: async () => ({ activate: () => undefined }),
})

describe('plugins whose SDK is an optional peer package', () => {
  it('an enabled plugin whose package is missing fails createPortico with the package to install', () => {
    const create = () =>
      createPortico({ projectId: 'p', networks: [mainnet, solana], plugins: [needsMissingSdk], features: { analytics: false } }, quiet)
    expect(create).toThrow('the "needs-sdk" plugin needs the package portico-sdk-that-is-not-installed')
    expect(create).toThrow('npm install portico-sdk-that-is-not-installed')
  })

  it('a disabled plugin is not checked: its code never loads', () => {
    const kit = createPortico({ projectId: 'p', networks: [mainnet], plugins: [needsMissingSdk], features: { analytics: false } }, quiet)
    kit.destroy()
  })

  it('the Solana and WalletConnect plugins name their SDKs, and pass here where both are installed', () => {
    expect(solanaPlugin().requiredPackages).toEqual(['@solana/web3.js'])
    expect(walletConnectPlugin().requiredPackages).toEqual(['@walletconnect/universal-provider'])
    const kit = createPortico({ projectId: 'p', networks: [mainnet, solana], plugins: allPlugins(), features: { analytics: false } }, quiet)
    kit.destroy()
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
