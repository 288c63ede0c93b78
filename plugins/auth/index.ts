import { type PluginManifest, createToken, definePlugin } from '../../kernel/index.ts'
import type { RequestOptions } from './frameClient.ts'

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
    when: (config) =>
      Boolean(config.endpoints.frame) &&
      config.networks.some((network) => network.chainNamespace === 'eip155' || network.chainNamespace === 'solana'),
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

/** The social providers the frame logs in through. */
export type SocialLogin = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** What the frame answers to an email: the next step of the login. */
export type EmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/**
 * The embedded wallet as the login plugins (email, socials) use it, registered in the
 * kit's container under IAuthService by the auth plugin's body. Every call loads the
 * secure frame first if it is not loaded yet.
 */
export interface AuthService {
  /** Loads the secure frame now (the visitor is about to log in); rejects 'Unable to load email login dependency'. */
  preload(): Promise<void>
  connectEmail(email: string, options?: RequestOptions): Promise<{ readonly action: EmailAction }>
  /** Waits until the visitor approved this device from the mailed link. */
  connectDevice(options?: RequestOptions): Promise<void>
  /** Sends the mailed code; the frame then has a session. */
  connectOtp(otp: string, options?: RequestOptions): Promise<void>
  /**
   * Starts a social login: the frame server's begin address (the popup or the page goes there,
   * then on to the provider). With `returnUrl`, one of the project's registered return URLs, the
   * login comes back there (redirect flow); without, it ends in the popup (popup flow).
   */
  getSocialRedirectUri(provider: SocialLogin, returnUrl: string | undefined, options?: RequestOptions): Promise<string>
  /**
   * Finishes a social login; the frame then has a session. Popup flow: `uri` is the begin
   * address, called once the popup closed; redirect flow: this page's address, holding the
   * result. Undefined when the frame got no result (the popup was closed first): a cancel.
   */
  connectSocial(uri: string, options?: RequestOptions): Promise<{ readonly userName: string | undefined } | undefined>
  /** Opens a Farcaster login: the url the visitor's Farcaster app opens (shown as a QR code). */
  getFarcasterUri(options?: RequestOptions): Promise<string>
  /** Waits until the visitor signed in the Farcaster app (no time limit; abort it through `signal`); the frame then has a session. */
  connectFarcaster(options?: RequestOptions): Promise<{ readonly userName: string | undefined }>
  /** Reloads the secure frame: what it was doing (a Farcaster wait) is dropped; resolves once it is back. */
  reload(): Promise<void>
  /** Connects the kit through the AUTH connector once the frame has a session. */
  connect(): Promise<void>
  /** Starts changing the account's email: a code goes to the current address. */
  updateEmail(email: string): Promise<void>
  /** The code sent to the current address; then a code goes to the new one. */
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** The code sent to the new address; the account's email is the new one after it. */
  updateEmailSecondaryOtp(otp: string): Promise<{ readonly newEmail: string }>
  /**
   * Switches the connected EVM account between the key's own address (eoa) and the smart
   * account it owns, on a network that has one; kept for the next visit. A refused change
   * stores eoa and rejects with the frame's reason.
   */
  setAccountType(type: 'eoa' | 'smartAccount'): Promise<void>
}

export const IAuthService = createToken<AuthService>('IAuthService')
