import { createToken } from '../../kernel/index.ts'
import type { RequestOptions } from './frameClient.ts'

/** The AUTH connector's id; the manifest repeats it as a literal (it imports nothing of the body). */
export const AUTH_CONNECTOR_ID = 'auth'

/** The namespaces the secure frame holds keys for. */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const
export type AuthNamespace = (typeof AUTH_NAMESPACES)[number]

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
  /** Connects the kit through the AUTH connector once the frame has a session. */
  connect(): Promise<void>
  /** Starts changing the account's email: a code goes to the current address. */
  updateEmail(email: string): Promise<void>
  /** The code sent to the current address; then a code goes to the new one. */
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** The code sent to the new address; the account's email is the new one after it. */
  updateEmailSecondaryOtp(otp: string): Promise<{ readonly newEmail: string }>
}

export const IAuthService = createToken<AuthService>('IAuthService')
