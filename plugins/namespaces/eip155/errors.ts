import { ErrorText } from '../../../kernel/index.ts'
import { USER_REJECTED_CODE, WalletError, WalletErrorText } from '../../../kernel/wallets/index.ts'

/** Texts of the eip155 adapter's own errors, beside the ones every namespace shares. */
export const Eip155ErrorText = {
  ...WalletErrorText,
  NO_PROVIDER: 'The wallet has no EIP-1193 provider',
  INVALID_ADDRESS: 'Not an EVM address',
} as const

/**
 * 'Chain is not supported': the wallet would not add the chain. A refusal by
 * the visitor stays a refusal.
 */
export function chainNotSupported(error: WalletError, chainName: string): WalletError {
  if (error.code === USER_REJECTED_CODE) return error
  return new WalletError(ErrorText.CHAIN_NOT_SUPPORTED, {
    method: 'wallet_addEthereumChain',
    code: error.code,
    details: `${chainName}: ${error.details ?? ''}`,
    cause: error.cause,
  })
}
