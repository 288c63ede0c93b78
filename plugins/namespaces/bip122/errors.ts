import { WalletErrorText } from '../../../kernel/wallets/index.ts'

/** Texts of the bip122 adapter's own errors, beside the ones every namespace shares. */
export const BitcoinErrorText = {
  ...WalletErrorText,
  NO_WALLET: 'The connector has no Bitcoin wallet',
  NOT_CONNECTED: 'No Bitcoin account is connected',
  INVALID_PARAMS: 'Invalid request parameters',
} as const
