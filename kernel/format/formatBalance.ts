import { BALANCE_DISPLAY_DECIMALS } from '../constants.ts'

const PLAIN_DECIMAL = /^(-?\d*)(?:\.(\d*))?$/

/** Cuts (never rounds) a decimal to `decimals` places; works on the text so no float error creeps in. */
function truncateDecimal(value: string | number, decimals: number): number {
  const text = String(value).trim()
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) {
    // Exponent notation: only very large or very small values, where float precision does not matter.
    const factor = 10 ** decimals
    return Math.trunc(Number(text) * factor) / factor
  }
  const [, whole = '', fraction = ''] = match
  return Number(`${whole || '0'}.${fraction.slice(0, decimals) || '0'}`)
}

/**
 * A balance truncated to 3 decimals, grouped for the locale, with its symbol.
 *
 * @example
 * formatBalance('1234.56789', 'ETH', 'en-US') // '1,234.567 ETH'
 */
export function formatBalance(balance: string | number, symbol?: string, locale?: string): string {
  const amount = truncateDecimal(balance, BALANCE_DISPLAY_DECIMALS)
  const text = Number.isFinite(amount) ? new Intl.NumberFormat(locale, { maximumFractionDigits: BALANCE_DISPLAY_DECIMALS }).format(amount) : '0'
  return symbol ? `${text} ${symbol}` : text
}
