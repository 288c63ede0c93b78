import type { ChainRecord } from '../../kernel/index.ts'

/**
 * SPEC §5 "Insufficient gas: the network balance is zero or below the gas price in
 * USD. Smart accounts skip this check."
 *
 * Compared in the native currency's base units rather than in dollars: with a price p > 0,
 * balance × p < fee × p exactly when balance < fee, and the integers carry no float error.
 * It also holds where the price source has no price for the native currency (a testnet),
 * where dollar figures would all read 0 and refuse every send. Until the fee is known,
 * only the zero-balance half of the rule can refuse.
 *
 * @example
 * hasInsufficientGas({ networkBalance: 0n, fee: undefined, smartAccount: false }) // true
 * hasInsufficientGas({ networkBalance: 10n, fee: 21n, smartAccount: true }) // false
 */
export function hasInsufficientGas({
  networkBalance,
  fee,
  smartAccount,
}: {
  /** What the account holds of the native currency for gas (after a native amount being sent). */
  readonly networkBalance: bigint
  readonly fee: bigint | undefined
  readonly smartAccount: boolean
}): boolean {
  if (smartAccount) return false
  if (networkBalance <= 0n) return true
  return fee !== undefined && networkBalance < fee
}

/**
 * Whether the namespace's active account is a smart account (SPEC §6: available only on
 * the networks listed as smart-account-enabled). The account's own entry says its type;
 * without one, the preferred account type does.
 */
export function isSmartAccount(record: ChainRecord | undefined): boolean {
  const network = record?.networkState.caipNetwork
  const address = record?.accountState.address?.toLowerCase()
  if (!record || !network || !address) return false
  const entry = record.accountState.allAccounts.find((account) => account.address.toLowerCase() === address)
  const type = entry?.type ?? record.accountState.preferredAccountType
  return type === 'smartAccount' && record.networkState.smartAccountEnabledNetworks.includes(Number(network.id))
}

/** A dollar figure from base units and a price, for display only (the rules never use it). */
export function toUsd(amount: bigint, decimals: number, price: number): number {
  if (price <= 0 || amount <= 0n) return 0
  // Enough digits for cents on any amount a wallet holds, then one float multiply.
  const scaled = Number((amount * 10n ** 6n) / 10n ** BigInt(decimals)) / 1e6
  return scaled * price
}
