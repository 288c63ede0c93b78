import type { CaipNetwork, Locale } from '../../../kernel/index.ts'
import { formatBalance } from '../../../kernel/index.ts'
import { formatDollars } from '../../../kernel/format/formatDollars.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import type { SendToken } from '../sender.ts'

/** Dollars and cents in the locale; 0.00 on testnets, whose prices mean nothing (SPEC §9). */
export function formatUsd(value: number | undefined, network: CaipNetwork | undefined, locale: Locale): string {
  return formatDollars(network?.testnet || value === undefined ? 0 : value, locale)
}

/** Base units as a person reads them: 3 decimals, cut (SPEC §9), with the symbol. */
export function formatAmount(amount: bigint, token: Pick<SendToken, 'decimals' | 'symbol'>, locale: Locale): string {
  return formatBalance(formatUnits(amount, token.decimals), token.symbol, locale)
}

/** A fee is far below 0.001 of the native currency: 4 significant digits instead (display only). */
export function formatFee(fee: bigint, currency: Pick<SendToken, 'decimals' | 'symbol'>, locale: Locale): string {
  return `${new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 }).format(Number(formatUnits(fee, currency.decimals)))} ${currency.symbol}`
}
