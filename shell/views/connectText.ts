/** The Connect view's own texts (the legal checkbox and the collapsed wallet list): its catalogue. */
export const ConnectText = {
  CONTINUE_WITH_WALLET: 'Continue with a wallet',
  LEGAL_AGREE: 'I agree to the',
  LEGAL_AND: 'and the',
  TERMS: 'Terms of Service',
  PRIVACY: 'Privacy Policy',
  /** Why every connect control is disabled, announced with them. */
  LEGAL_REQUIRED: 'Check the box above to agree before you connect.',
  CONNECT_OPTIONS: 'Ways to connect',
} as const
