import { createToken } from '../../kernel/index.ts'
import type { SocialProvider } from '../../protocol/socialProviders.ts'
import type { RequestOptions } from './frameClient.ts'

// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The social providers the frame logs in through. */
export type SocialLogin = SocialProvider

/** How long the embedded wallet's connect, device, code and social requests may take (SPEC §9). */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 30_000

/** What the frame answers to an email: the next step of the login. */
export type EmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/**
 * The embedded wallet as the login plugins (email, socials) use it, registered in the
 * kit's container under IAuthService by the auth plugin's body. Every call loads the
 * secure frame first if it is not loaded yet.
 */
export interface AuthService {
  /** How long a login request may wait for the frame's answer (EMBEDDED_REQUEST_TIMEOUT_MS): the login plugins pass it as `timeoutMs`. */
  readonly requestTimeoutMs: number
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
