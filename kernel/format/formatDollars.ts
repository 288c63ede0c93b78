/**
 * A dollar amount with 2 decimals, dollars and cents, for the locale (§9). Not
 * re-exported by kernel/index.ts: only the account features show dollars.
 *
 * @example
 * formatDollars(1234.5, 'en-US') // '$1,234.50'
 */
export function formatDollars(value: number, locale?: string): string {
  const amount = Number.isFinite(value) ? value : 0
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
}
