/**
 * What namespace plugins share for talking to wallets: parsing untrusted input,
 * one wallet error and its mapping, Wallet Standard feature calls and unit
 * formatting. Its own entry, not re-exported by kernel/index.ts: the `portico`
 * entry re-exports that one whole, and none of this belongs on the first screen;
 * the plugin bodies that use it load it with them.
 */
export { walletErrorFields, type WalletErrorFields } from './walletErrorFields.ts'
export { safeParse, parseOrThrow } from '../../protocol/parse.ts'
export {
  WalletError,
  WalletErrorText,
  USER_REJECTED_CODE,
  toWalletError,
  invalidAnswer,
  isUserRejection,
  isUnrecognizedChain,
  walletErrorCodes,
} from './walletError.ts'
export { featureOf, hasFeature, callWallet, callFeature, standardAccounts, onAccountsChange } from './standardFeatures.ts'
export { formatUnits, parsePositiveUnits } from './units.ts'
