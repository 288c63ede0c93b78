import { type PluginManifest, definePlugin } from '../../kernel/index.ts'
export { type AuthService, type EmailAction, IAuthService, type SocialLogin } from './contract.ts'

/**
 * The embedded wallet's shared half: the secure frame (a hidden iframe on the frame
 * server's origin, `endpoints.frame`, that holds the keys), the AUTH connector for the
 * configured eip155 and solana networks, and the approval of signing requests inside
 * the frame. The login plugins (email, socials) bring it along; an app does not list
 * it itself. Nothing of it loads, and no request reaches the frame's origin, until a
 * visitor starts a login or a stored session is restored.
 */
export function authPlugin(): PluginManifest {
  return definePlugin({
    id: 'auth',
    when: (config) => Boolean(config.endpoints.frame) && config.networks.some((network) => network.chainNamespace === 'eip155' || network.chainNamespace === 'solana'),
    contributes: {
      views: ['ApproveTransaction', 'ApproveDevice', 'AccountType'],
      // A connection stored through the AUTH connector loads the plugin at start, to restore it.
      connectors: ['auth'],
      // The frame's approval panel shows through this box, the size it is drawn for.
      styles: '.approve-frame{width:100%;height:420px;border-radius:var(--portico-border-radius,4px)}',
      // The switch between the key's address and its smart account, where the account has both.
      walletFeatures: [
        {
          id: 'accountType',
          label: 'Account type',
          icon: 'M7 7h11l-3-3M17 17H6l3 3',
          view: 'AccountType',
          rank: 60,
          whenAccount: (account) => account.allAccounts.some((entry) => entry.type === 'smartAccount'),
        },
      ],
    },
    load: () => import('./body.ts'),
    messages: () => import('./locales/index.ts'),
  })
}
