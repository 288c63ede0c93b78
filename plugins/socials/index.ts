import * as v from 'valibot'
import { type PluginManifest, type Token, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import { SOCIAL_PROVIDERS } from '../../protocol/socialProviders.ts'
import type { SocialAuth } from './authPort.ts'
import { isSocialRedirectReturn, isTelegramReturn } from './contract.ts'

export type { SocialAuth } from './authPort.ts'

/** The socials an app may list: the frame server's providers and Farcaster. */
const SOCIAL_OPTIONS = [...SOCIAL_PROVIDERS, 'farcaster'] as const

/** The socials shown by default, in this order (SPEC §9). */
const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

export const SocialsOptionsSchema = v.object({
  /** 'redirect' navigates the page to the provider instead of a popup (the popup is the default; a blocked one redirects too). */
  flow: v.optional(v.picklist(['popup', 'redirect']), 'popup'),
})
export type SocialsOptions = v.InferInput<typeof SocialsOptionsSchema>

/** How the socials plugin reaches the embedded wallet: the plugin that provides it and its service's token. */
export interface SocialsPluginLinks {
  readonly authPlugin: PluginManifest
  readonly auth: Token<SocialAuth>
}

/**
 * Social login into the embedded wallet: one "Continue with …" button per provider of
 * `features.socials` (a list, or false for none), in that order, in the Connect view. The
 * body loads when the Connect view first shows the section, the secure frame on a click;
 * after a full-page redirect back from a provider, at start.
 */
export function createSocialsPlugin(links: SocialsPluginLinks, options: SocialsOptions = {}): PluginManifest {
  const parsed = v.parse(SocialsOptionsSchema, options)
  return definePlugin({
    id: 'socials',
    flags: [
      definePluginFlag({
        name: 'socials',
        schema: v.union([v.literal(false), v.array(v.picklist(SOCIAL_OPTIONS, `must be one of ${SOCIAL_OPTIONS.join(', ')}`))]),
        default: [...DEFAULT_SOCIALS],
      }),
    ],
    enabledBy: 'socials',
    when: (config) => (links.authPlugin.when ? links.authPlugin.when(config) : true),
    includes: [links.authPlugin],
    requires: [links.authPlugin.id],
    activationEvents: isSocialRedirectReturn(globalThis.window) || isTelegramReturn(globalThis.window) ? ['onStartup'] : [],
    contributes: {
      views: ['SocialLoginSection', 'ConnectingFarcaster'],
      // After email (10), before the wallet list (100).
      connectMethods: [{ id: 'social', label: 'Social login', section: 'SocialLoginSection', rank: 20 }],
      styles:
        '.social-list{display:flex;flex-direction:column;gap:6px}.social-icons{display:flex;gap:6px}.social-icons .icon-button{flex:1;width:auto;border:1px solid var(--portico-border);background:var(--portico-surface)}.farcaster-url{max-width:100%;overflow-wrap:anywhere;text-align:center}',
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, links.auth, parsed.flow) }
    },
  })
}
