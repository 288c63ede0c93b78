/**
 * Decimal strings to and from integer base units (wei, lamports, satoshis). Written
 * out rather than taken from viem so that a namespace chunk without viem (solana,
 * walletconnect) needs no EVM library for it.
 */

/**
 * Base units as a whole-unit decimal string, trailing zeros trimmed.
 *
 * @example
 * formatUnits(1_500_000_000n, 9) // '1.5'
 * formatUnits(2_000_000_000n, 9) // '2'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * A positive decimal amount in base units, or undefined when it is not one (empty,
 * negative, zero, more fraction digits than the currency has, not a number).
 *
 * @example
 * parsePositiveUnits('0.01', 9) // 10_000_000n
 * parsePositiveUnits('0', 9) // undefined
 */
export function parsePositiveUnits(amount: unknown, decimals: number): bigint | undefined {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? amount.toFixed(decimals) : amount
  if (typeof text !== 'string') return undefined
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) return undefined
  const units = BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  return units > 0n ? units : undefined
}
