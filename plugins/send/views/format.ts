import type { CaipNetwork } from '../../../kernel/index.ts'
import { formatBalance } from '../../../kernel/index.ts'
import { formatUnits } from '../../../kernel/wallets/index.ts'
import type { SendToken } from '../sender.ts'

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const fees = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 })

/** Dollars and cents; 0.00 on testnets, whose prices mean nothing (SPEC §9). */
export function formatUsd(value: number | undefined, network: CaipNetwork | undefined): string {
  return dollars.format(network?.testnet || value === undefined || !Number.isFinite(value) ? 0 : value)
}

/** Base units as a person reads them: 3 decimals, cut (SPEC §9), with the symbol. */
export function formatAmount(amount: bigint, token: Pick<SendToken, 'decimals' | 'symbol'>): string {
  return formatBalance(formatUnits(amount, token.decimals), token.symbol)
}

/** A fee is far below 0.001 of the native currency: 4 significant digits instead (display only). */
export function formatFee(fee: bigint, currency: Pick<SendToken, 'decimals' | 'symbol'>): string {
  return `${fees.format(Number(formatUnits(fee, currency.decimals)))} ${currency.symbol}`
}
