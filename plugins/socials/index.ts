import * as v from 'valibot'
import { type PluginManifest, SOCIAL_PROVIDERS, type Token, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import type { SocialAuth } from './authPort.ts'

export type { SocialAuth } from './authPort.ts'

/** The socials shown by default, in this order (SPEC §9). */
const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

/** The popup's window name: the app, loaded in it on the way back, knows it is not the one to finish the login. */
export const SOCIAL_POPUP_NAME = 'portico-social'
/** The fragment parameter the frame server returns the provider's answer in (the auth plugin's SOCIAL_RESULT_PARAM: a plugin imports no other plugin). */
export const SOCIAL_RESULT_PARAM = 'portico_social'

/** The query parameter a Telegram mini app is reopened with after a social login: the address holding the provider's answer (SPEC §2). */
export const TELEGRAM_RESULT_PARAM = 'result_uri'

/** This page is a Telegram mini app reopened after a social login. */
export function isTelegramReturn(win: Window | undefined): boolean {
  return Boolean(win?.location && new URLSearchParams(win.location.search).has(TELEGRAM_RESULT_PARAM))
}

/** This page was opened by the frame server's callback after a full-page redirect (not inside the popup). */
export function isSocialRedirectReturn(win: Window | undefined): boolean {
  if (!win?.location) return false
  if (win.opener && win.name === SOCIAL_POPUP_NAME) return false
  return new URLSearchParams(win.location.hash.slice(1)).has(SOCIAL_RESULT_PARAM)
}

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
        schema: v.union([
          v.literal(false),
          v.array(v.picklist([...SOCIAL_PROVIDERS, 'farcaster'], 'must be one of google, github, apple, facebook, x, discord, farcaster')),
        ]),
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
      styles: '.social-list{display:flex;flex-direction:column;gap:6px}.social-icons{display:flex;gap:6px}.social-icons .icon-button{flex:1;width:auto;border:1px solid var(--portico-border);background:var(--portico-surface)}.farcaster-url{max-width:100%;overflow-wrap:anywhere;text-align:center}',
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, links.auth, parsed.flow) }
    },
  })
}
