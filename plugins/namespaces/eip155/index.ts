import { type PluginManifest, definePlugin } from '../../../kernel/index.ts'

/**
 * EVM (eip155) chain adapter and browser-wallet discovery (EIP-6963 and the
 * legacy `window.ethereum`). This manifest is all that is bundled up front: viem
 * and mipd live behind `load`, which runs when the modal first opens (the Connect
 * view lists the wallets it discovers) or when a stored connection is resumed.
 *
 * @example
 * createPortico({ networks: [base], plugins: [eip155Plugin()] })
 */
export function eip155Plugin(): PluginManifest {
  return definePlugin({
    id: 'eip155',
    // `adapters: []` is the basic mode (WalletConnect only): no browser wallets then.
    when: (config) => config.networks.some((network) => network.chainNamespace === 'eip155') && config.adapters.includes('eip155'),
    activationEvents: ['onModalOpen'],
    contributes: { namespaces: ['eip155'] },
    load: () => import('./body.ts'),
  })
}
