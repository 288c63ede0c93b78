import { describe, expect, it } from 'vitest'
import { allPlugins } from '../../entries/all.ts'
import { createMemoryBackend, createPortico, mainnet } from '../../entries/portico.ts'
import { eip155Plugin } from '../../plugins/namespaces/eip155/index.ts'

// createPortico: a feature flag set without the plugin that owns it names the plugin.
const quiet = { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } }
const create =
  (features: Record<string, unknown>, plugins = [eip155Plugin()]) =>
  () =>
    createPortico({ projectId: 'p', networks: [mainnet], plugins, features }, quiet)

describe('a feature flag whose plugin is absent', () => {
  it('features.email: true with no email plugin is a config error that names the plugin', () => {
    expect(create({ email: true })).toThrow('features.email')
    expect(create({ email: true })).toThrow("add emailPlugin() from 'portico/email'")
  })

  it('features.receive without the receive plugin names the import that brings it', () => {
    expect(create({ receive: false })).toThrow("add receivePlugin() from 'portico/receive'")
  })

  it('a flag that is on only by default is simply off without its plugin: no email section, no error', () => {
    const kit = create({})()
    expect(kit.connectMethods().map((method) => method.id)).toEqual(['wallet'])
    expect(kit.config.features['email']).toBeUndefined()
    kit.destroy()
  })

  it('with its plugin listed, the same flag is accepted and read by the plugin', () => {
    const kit = create({ receive: false, allWallets: false }, allPlugins())()
    expect(kit.plugins.manifests.map((m) => m.id)).not.toContain('receive')
    expect(kit.plugins.contributed('walletListEntries')).toEqual([])
    kit.destroy()
  })
})
