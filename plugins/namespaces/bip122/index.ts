import { type PluginManifest, definePlugin } from '../../../kernel/index.ts'
import { BIP122_METHODS } from './contract.ts'

/**
 * Bitcoin chain adapter over Wallet Standard bitcoin wallets (`bitcoin:connect`,
 * `bitcoin:signMessage`, `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`,
 * and the Sats Connect `sats-connect:` provider for transfers). Enabled only when
 * a Bitcoin network is configured; the body loads on first modal open, on resume,
 * or with the first of its RPC methods.
 *
 * @example
 * createPortico({ networks: [mainnet, bitcoin], plugins: [bip122Plugin()] })
 */
export function bip122Plugin(): PluginManifest {
  return definePlugin({
    id: 'bip122',
    when: (config) => config.networks.some((network) => network.chainNamespace === 'bip122') && config.adapters.includes('bip122'),
    activationEvents: ['onModalOpen'],
    contributes: { namespaces: ['bip122'], rpcMethods: BIP122_METHODS },
    load: () => import('./body.ts'),
  })
}
