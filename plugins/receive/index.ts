import { type PluginManifest, definePlugin } from '../../kernel/index.ts'

/**
 * Receive: the visitor's address as text and QR code, with copy, and the
 * networks it is valid on. Gated by `features.receive`.
 */
export function receivePlugin(): PluginManifest {
  return definePlugin({
    id: 'receive',
    feature: 'receive',
    contributes: { views: ['Receive'], walletFeatures: ['receive'] },
    load: () => import('./body.tsx'),
  })
}
