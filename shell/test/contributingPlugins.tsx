import * as v from 'valibot'
import { type PluginManifest, definePlugin } from '../../kernel/index.ts'

/**
 * Test plugins that contribute to the shell the way real ones do: a Connect
 * section, an Account tab or a wallet feature, with bodies that register their
 * components when loaded. Each may be gated by a boolean flag of its own.
 */
const gate = (flag: string | undefined) => (flag ? { flags: [{ name: flag, schema: v.boolean(), default: true }], enabledBy: flag } : {})

export function sectionPlugin(id: string, rank: number, label: string, flag?: string): PluginManifest {
  const section = `${id}Section`
  return definePlugin({
    id,
    ...gate(flag),
    contributes: { views: [section], connectMethods: [{ id, label, section, rank }] },
    load: async () => ({
      activate: ({ views }) => views.register(section, { title: label, component: () => <button type="button">Continue with {label}</button> }),
    }),
  })
}

export function tabPlugin(id: string, rank: number, label: string, flag?: string): PluginManifest {
  const panel = `${id}Panel`
  return definePlugin({
    id,
    ...gate(flag),
    contributes: { views: [panel], accountTabs: [{ id, label, panel, rank }] },
    load: async () => ({ activate: ({ views }) => views.register(panel, { title: label, component: () => <p>{label} panel</p> }) }),
  })
}

export function featurePlugin(id: string, rank: number, label: string, flag?: string): PluginManifest {
  const view = `${id}View`
  return definePlugin({
    id,
    ...gate(flag),
    contributes: { views: [view], walletFeatures: [{ id, label, view, rank, icon: 'M5 12h14' }] },
    load: async () => ({ activate: ({ views }) => views.register(view, { title: label, component: () => <p>{label} view</p> }) }),
  })
}
