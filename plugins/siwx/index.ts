import { type PluginManifest, definePlugin } from '../../kernel/index.ts'
import { SIWX_CONFIG, siwxOptions } from './config.ts'
export { ISiwxService, type SiwxService } from './contract.ts'

/**
 * Sign in with the connected wallet: after a connection to a supported network with no
 * session in the app's store, the SIWXSignMessage view asks for a signature. Active
 * when the config has `siwx` (any store implementing SiwxConfig, e.g. `localSiwx()`,
 * `serverSiwx()`) or the older `siweConfig`; absent otherwise.
 */
export function siwxPlugin(): PluginManifest {
  return definePlugin({
    id: 'siwx',
    when: (config) => Boolean(siwxOptions(config).siwx ?? siwxOptions(config).siweConfig),
    // Loaded with a connection, before the after-connect steps run: not on the first screen.
    activationEvents: ['onConnect'],
    contributes: { views: ['SIWXSignMessage'], config: SIWX_CONFIG },
    load: () => import('./body.tsx'),
    messages: () => import('./locales/index.ts'),
  })
}
