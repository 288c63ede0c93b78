import { type PluginManifest, definePlugin } from '../../../kernel/index.ts'

/**
 * Solana chain adapter and wallet discovery (the Wallet Standard and the legacy
 * `window.phantom.solana` / `window.solana`). Only this manifest is bundled up
 * front, and only a config with a Solana network enables it. The body loads on
 * first modal open (the Connect view lists the wallets) or when a stored
 * connection is resumed; @solana/web3.js loads later still, with the first
 * balance or transaction.
 *
 * @example
 * createPortico({ networks: [mainnet, solana], plugins: [solanaPlugin()] })
 */
export function solanaPlugin(): PluginManifest {
  return definePlugin({
    id: 'solana',
    when: (config) => config.networks.some((network) => network.chainNamespace === 'solana') && config.adapters.includes('solana'),
    requiredPackages: ['@solana/web3.js'],
    activationEvents: ['onModalOpen'],
    contributes: { namespaces: ['solana'] },
    load: () => import('./body.ts'),
  })
}
