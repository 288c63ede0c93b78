import { WalletErrorText } from '../../../kernel/wallets/index.ts'

/** Texts of the polkadot adapter's own errors, beside the ones every namespace shares. */
export const PolkadotErrorText = {
  ...WalletErrorText,
  NO_EXTENSION: 'The connector has no Polkadot extension',
  NOT_CONNECTED: 'No Polkadot account is connected',
} as const
