import { type PluginManifest, definePlugin } from '../../../kernel/index.ts'

/**
 * Polkadot chain adapter over injected browser extensions (`window.injectedWeb3`:
 * polkadot{.js}, Talisman, SubWallet, …). No Polkadot network is predefined: the
 * integrator defines one, and only then is this plugin enabled.
 *
 * @example
 * const polkadot = defineNetwork({ id: '91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot', … })
 * createPortico({ networks: [polkadot], plugins: [polkadotPlugin()] })
 */
export function polkadotPlugin(): PluginManifest {
  return definePlugin({
    id: 'polkadot',
    when: (config) => config.networks.some((network) => network.chainNamespace === 'polkadot') && config.adapters.includes('polkadot'),
    activationEvents: ['onModalOpen'],
    contributes: { namespaces: ['polkadot'] },
    load: () => import('./body.ts'),
  })
}
