/** What ConnectingWalletConnect says when a wallet's app did not open from its link on a phone: this view's catalogue. */
export const WalletLinksText = {
  notOpened: (wallet: string) => `${wallet} did not open`,
  NOT_OPENED_WHY: 'Nothing answered the link on this phone: the app may not be installed. Install it, then open it again.',
  getWallet: (wallet: string) => `Get ${wallet}`,
  /** Read after the store link's text, for screen readers only. */
  OPENS_IN_NEW_TAB: '(opens in a new tab)',
} as const
