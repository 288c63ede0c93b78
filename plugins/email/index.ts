import * as v from 'valibot'
import { type PluginManifest, type Token, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import type { EmailAuth } from './authPort.ts'
import {
  EMAIL_LOGIN_SECTION,
  EMAIL_VERIFY_DEVICE_VIEW,
  EMAIL_VERIFY_OTP_VIEW,
  UPDATE_EMAIL_PRIMARY_OTP_VIEW,
  UPDATE_EMAIL_SECONDARY_OTP_VIEW,
  UPDATE_EMAIL_VIEW,
} from './contract.ts'

export type { EmailAuth, EmailRequestOptions } from './authPort.ts'

/** How the email plugin reaches the embedded wallet: the plugin that provides it and its service's token. */
export interface EmailPluginLinks {
  /** The plugin with the secure frame and the AUTH connector; brought along unless the app lists it. */
  readonly authPlugin: PluginManifest
  readonly auth: Token<EmailAuth>
}

/**
 * Email login into the embedded wallet: the email field of the Connect view, the
 * device approval and the code views, and "Update email" in the Account view for
 * visitors who logged in by email. On unless `features.email` is false; shown only
 * where the embedded wallet can run (`endpoints.frame` and an eip155 or solana network).
 */
export function createEmailPlugin(links: EmailPluginLinks): PluginManifest {
  return definePlugin({
    id: 'email',
    flags: [
      definePluginFlag({ name: 'email', schema: v.boolean(), default: true }),
      // SPEC §9: on, the wallet list shows beside the email field; off, behind a button.
      definePluginFlag({ name: 'emailShowWallets', schema: v.boolean(), default: true }),
    ],
    enabledBy: 'email',
    when: (config) => isPluginWhen(links.authPlugin, config),
    includes: [links.authPlugin],
    requires: [links.authPlugin.id],
    contributes: {
      views: [EMAIL_LOGIN_SECTION, EMAIL_VERIFY_DEVICE_VIEW, EMAIL_VERIFY_OTP_VIEW, UPDATE_EMAIL_VIEW, UPDATE_EMAIL_PRIMARY_OTP_VIEW, UPDATE_EMAIL_SECONDARY_OTP_VIEW],
      // Above the wallet list (which ranks 100).
      connectMethods: [{ id: 'email', label: 'Email', section: EMAIL_LOGIN_SECTION, rank: 10, collapsesWallets: (config) => config.features['emailShowWallets'] === false }],
      walletFeatures: [
        {
          id: 'updateEmail',
          label: 'Update email',
          icon: 'M4 6h16v12H4zM4 7l8 6 8-6',
          view: UPDATE_EMAIL_VIEW,
          rank: 90,
          // For a visitor who logged in by email, not through a social provider.
          whenAccount: (account) => Boolean(account.user?.email) && !account.socialProvider,
        },
      ],
      styles: '.email-form{display:flex;flex-direction:column;gap:8px}.otp-input{letter-spacing:.5em;text-align:center;font-size:1.4em}',
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, links.auth) }
    },
  })
}

/** The embedded wallet's own condition (its endpoint and namespaces) holds. */
function isPluginWhen(manifest: PluginManifest, config: Parameters<NonNullable<PluginManifest['when']>>[0]): boolean {
  return manifest.when ? manifest.when(config) : true
}
