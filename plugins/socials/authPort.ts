import type { SocialProvider } from '../../protocol/socialProviders.ts'

/**
 * What the socials plugin needs of the embedded wallet. The auth plugin's AuthService
 * provides it; the package entry hands its token over, so this plugin never imports
 * another one.
 */
export interface SocialRequestOptions {
  timeoutMs?: number
  signal?: AbortSignal
  onTimeout?: () => void
}

export type SocialLoginProvider = SocialProvider

export interface SocialAuth {
  /** How long a login request may wait for the embedded wallet (the auth plugin's rule). */
  readonly requestTimeoutMs: number
  /** The frame server's begin address; with `returnUrl` (redirect flow) the login comes back there. */
  getSocialRedirectUri(provider: SocialLoginProvider, returnUrl: string | undefined, options?: SocialRequestOptions): Promise<string>
  /** Undefined: the frame got no result (the popup was closed before the end), a cancel. */
  connectSocial(uri: string, options?: SocialRequestOptions): Promise<{ readonly userName: string | undefined } | undefined>
  getFarcasterUri(options?: SocialRequestOptions): Promise<string>
  connectFarcaster(options?: SocialRequestOptions): Promise<{ readonly userName: string | undefined }>
  /** Reloads the secure frame (back from ConnectingFarcaster drops its wait); resolves once it is back. */
  reload(): Promise<void>
  connect(): Promise<void>
}
