import { describe, expect, it } from 'vitest'
import { mainnet } from '../chains/networks.ts'
import { parseConfig } from '../config/parseConfig.ts'
import { definePluginFlag } from '../config/features.ts'
import { withIncludedPlugins } from './includedPlugins.ts'
import { type PluginManifest, definePlugin } from './manifest.ts'
import * as v from 'valibot'

const plugin = (id: string, extra: Partial<PluginManifest> = {}) => definePlugin({ id, contributes: {}, load: async () => ({ activate: () => undefined }), ...extra })

describe('plugins a plugin brings along (includes)', () => {
  it('an included plugin comes just before the plugin that brings it', () => {
    const shared = plugin('shared')
    const ids = withIncludedPlugins([plugin('a'), plugin('b', { includes: [shared] })]).map((m) => m.id)
    expect(ids).toEqual(['a', 'shared', 'b'])
  })

  it('a plugin the app lists itself wins over the included one with its id', () => {
    const listed = plugin('shared')
    const result = withIncludedPlugins([plugin('b', { includes: [plugin('shared')] }), listed])
    expect(result.map((m) => m.id)).toEqual(['b', 'shared'])
    expect(result[1]).toBe(listed)
  })

  it('two plugins bringing the same one add it once, and includes nest', () => {
    const base = plugin('base')
    const shared = plugin('shared', { includes: [base] })
    const ids = withIncludedPlugins([plugin('b', { includes: [shared] }), plugin('c', { includes: [plugin('shared')] })]).map((m) => m.id)
    expect(ids).toEqual(['base', 'shared', 'b', 'c'])
  })

  it("parseConfig lists the included plugins and validates their flags like the app's own", () => {
    const shared = plugin('shared', { flags: [definePluginFlag({ name: 'sharedFlag', schema: v.boolean(), default: true })] })
    const config = parseConfig({ projectId: 'p', networks: [mainnet], plugins: [plugin('b', { includes: [shared] })] })
    expect(config.plugins.map((m) => m.id)).toEqual(['shared', 'b'])
    expect(config.features['sharedFlag']).toBe(true)
    expect(() => parseConfig({ projectId: 'p', networks: [mainnet], plugins: [plugin('b', { includes: [shared] })], features: { sharedFlag: 'yes' } })).toThrow(
      'features.sharedFlag',
    )
  })
})
