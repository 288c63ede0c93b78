/**
 * What the email plugin needs of the embedded wallet. The auth plugin's AuthService
 * provides it; the package entry hands its token over, so this plugin never imports
 * another one.
 */
export interface EmailRequestOptions {
  timeoutMs?: number
  signal?: AbortSignal
  onTimeout?: () => void
}

export interface EmailAuth {
  /** How long a login request may wait for the embedded wallet (the auth plugin's rule). */
  readonly requestTimeoutMs: number
  preload(): Promise<void>
  connectEmail(email: string, options?: EmailRequestOptions): Promise<{ readonly action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  connectDevice(options?: EmailRequestOptions): Promise<void>
  connectOtp(otp: string, options?: EmailRequestOptions): Promise<void>
  connect(): Promise<void>
  updateEmail(email: string): Promise<void>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  updateEmailSecondaryOtp(otp: string): Promise<{ readonly newEmail: string }>
}
