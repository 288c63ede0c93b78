import * as v from 'valibot'
import { type PluginManifest, definePlugin, definePluginFlag, isFlagOn } from '../../kernel/index.ts'
import type { WalletConnectBodyOptions } from './body.tsx'
import { ALL_WALLETS_VIEW, CONNECTING_WALLET_CONNECT_BASIC_VIEW, CONNECTING_WALLET_CONNECT_VIEW } from './contract.ts'

export type { WalletConnectBodyOptions as WalletConnectPluginOptions } from './body.tsx'

/**
 * WalletConnect: the QR code and deep links of a phone wallet, the AllWallets
 * list, and a session that serves every configured namespace. This manifest is
 * all that is bundled up front. The body (the views) loads when one of its views
 * is asked for or a connection stored through WalletConnect is resumed; the
 * universal provider loads only when a pairing starts or a session is resumed.
 *
 * @example
 * createPortico({ projectId, networks: [base], plugins: [walletConnectPlugin()] })
 */
export function walletConnectPlugin(options: WalletConnectBodyOptions = {}): PluginManifest {
  return definePlugin({
    id: 'walletconnect',
    requiredPackages: ['@walletconnect/universal-provider'],
    flags: [definePluginFlag({ name: 'allWallets', schema: v.boolean(), default: true })],
    contributes: {
      views: [CONNECTING_WALLET_CONNECT_VIEW, CONNECTING_WALLET_CONNECT_BASIC_VIEW, ALL_WALLETS_VIEW],
      // The full wallet catalogue at the end of the Connect view's wallet list, unless turned off.
      walletListEntries: [{ id: 'allWallets', label: 'All wallets', view: ALL_WALLETS_VIEW, when: (config) => isFlagOn(config.features, 'allWallets') }],
      // The WalletConnect connector in the wallet list connects through the QR code view.
      connectorViews: [{ connectorType: 'WALLET_CONNECT', view: CONNECTING_WALLET_CONNECT_BASIC_VIEW }],
      // With no chain adapter (basic mode) the modal opens on the phone-wallet views.
      basicMode: { view: CONNECTING_WALLET_CONNECT_BASIC_VIEW, mobileView: ALL_WALLETS_VIEW },
      // A stored connection through this connector loads the plugin at start (resume).
      // The literal, not WALLETCONNECT_CONNECTOR_ID: the manifest imports nothing of the body.
      connectors: ['walletConnect'],
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, options) }
    },
  })
}
