import { WalletErrorText } from '../../../kernel/wallets/index.ts'

/** Texts of the solana adapter's own errors, beside the ones every namespace shares. */
export const SolanaErrorText = {
  ...WalletErrorText,
  NO_WALLET: 'The connector has no Solana wallet',
  NOT_CONNECTED: 'No Solana account is connected',
  INVALID_ADDRESS: 'Not a Solana address',
  INVALID_OPTIONS: 'Invalid Solana send options',
  INVALID_TRANSACTION: 'Not a Solana transaction',
  INVALID_MESSAGE: 'Not a message for the connected Solana account',
} as const
