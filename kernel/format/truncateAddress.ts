import { ADDRESS_TRUNCATION } from '../constants.ts'

/**
 * Shortens an address to its first 4 and last 6 characters.
 *
 * @example
 * truncateAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x12…345678'
 */
export function truncateAddress(address: string, { start, end } = ADDRESS_TRUNCATION): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}
