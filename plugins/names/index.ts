import { apiCapabilities } from '../../services/blockchainApi/support.ts'
import { type PluginManifest, definePlugin } from '../../kernel/index.ts'
import { REGISTER_SUCCESS_VIEW, REGISTER_VIEW } from './contract.ts'

/**
 * Names: register a name for the connected EVM account in the Blockchain API's registry
 * (`endpoints.blockchainApi`), with suggestions and availability while the visitor types,
 * and the account's profile name and avatar looked up on connect and on every account or
 * network change. SPEC has no flag for it: on when listed and an API is configured (the
 * direct RPC fallback has no names). Loads when the modal opens or an account connects.
 *
 * @example
 * createPortico({
 *   projectId, networks: [mainnet],
 *   endpoints: { blockchainApi: 'https://api.example.com/' },
 *   plugins: [eip155Plugin(), namesPlugin()],
 * })
 */
export function namesPlugin(): PluginManifest {
  return definePlugin({
    id: 'names',
    when: (config) => apiCapabilities(config).names,
    // The profile name shows in the Account view and is read on connect: the body watches the account from then.
    activationEvents: ['onModalOpen', 'onConnect'],
    contributes: {
      views: [REGISTER_VIEW, REGISTER_SUCCESS_VIEW],
      // SPEC §6: names are eip155 only. After the four wallet features of §9.
      walletFeatures: [
        {
          id: 'names',
          label: 'Register name',
          icon: 'M4 12h16M4 12l4-4M4 12l4 4M14 6h6v12h-6',
          view: REGISTER_VIEW,
          rank: 50,
          whenAccount: (account) => account.caipAddress?.startsWith('eip155:') === true,
        },
      ],
      styles:
        '.names-form{display:flex;flex-direction:column;gap:12px}' +
        '.names-field{display:flex;flex-direction:column;gap:4px}' +
        '.names-suggestions{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}' +
        '.names-suggestions .button{width:auto}',
    },
    load: () => import('./body.tsx'),
    messages: () => import('./locales/index.ts'),
  })
}
