// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The views the body registers: the Connect view's section, the login's steps, and the change of address. */
export const EMAIL_LOGIN_SECTION = 'EmailLoginSection'
export const EMAIL_VERIFY_DEVICE_VIEW = 'EmailVerifyDevice'
export const EMAIL_VERIFY_OTP_VIEW = 'EmailVerifyOtp'
export const UPDATE_EMAIL_VIEW = 'UpdateEmailWallet'
export const UPDATE_EMAIL_PRIMARY_OTP_VIEW = 'UpdateEmailPrimaryOtp'
export const UPDATE_EMAIL_SECONDARY_OTP_VIEW = 'UpdateEmailSecondaryOtp'
