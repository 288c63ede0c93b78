import * as v from 'valibot'
import { type PluginManifest, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import { RECEIVE_VIEW } from './contract.ts'

/**
 * Receive: the visitor's address as text and QR code, with copy, and the
 * networks it is valid on. On unless `features.receive` is false.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet], plugins: [eip155Plugin(), receivePlugin()] })
 */
export function receivePlugin(): PluginManifest {
  return definePlugin({
    id: 'receive',
    flags: [definePluginFlag({ name: 'receive', schema: v.boolean(), default: true })],
    enabledBy: 'receive',
    contributes: {
      views: [RECEIVE_VIEW],
      // The address has no spaces to wrap at; the networks read as a plain list.
      styles: '.address{overflow-wrap:anywhere}.network-list{padding:0;list-style:none}',
      // Third among the wallet features: after buy and swap, before send.
      walletFeatures: [{ id: 'receive', label: 'Receive', icon: 'M12 4v12M6 10l6 6 6-6M5 20h14', view: RECEIVE_VIEW, rank: 30 }],
    },
    load: () => import('./body.tsx'),
    messages: () => import('./locales/index.ts'),
  })
}
