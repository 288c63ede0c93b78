import { definePlugin, definePluginFlag, type PluginManifest } from 'portico/plugin'
import * as v from 'valibot'

export { type Greeter, IGreeter } from './contract.ts'

export interface GreeterOptions {
  /** How a greeting starts; "Hello" by default. */
  readonly salutation?: string
}

/**
 * A third-party Portico plugin: a flag (`features.greeter`), a section of the
 * Connect view, a view, a service and an RPC method. Only this manifest is in the
 * app's first screen; the body loads when the Connect view first shows the section.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet], plugins: [eip155Plugin(), greeterPlugin()] })
 */
export function greeterPlugin(options: GreeterOptions = {}): PluginManifest {
  return definePlugin({
    id: 'acme-greeter',
    flags: [definePluginFlag({ name: 'greeter', schema: v.boolean(), default: true })],
    enabledBy: 'greeter',
    contributes: {
      views: ['Greeter', 'GreeterSection'],
      // Ranked after the wallet list (100), so the wallets stay first.
      connectMethods: [{ id: 'greeter', label: 'Greeting', section: 'GreeterSection', rank: 200 }],
      rpcMethods: ['acme_greet'],
      styles: '.greeter-card { padding: 12px; border-radius: var(--portico-radius, 8px); border: 1px solid currentColor; }',
    },
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, options.salutation ?? 'Hello') }
    },
  })
}
