import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from './constants.ts'

/**
 * The epoch ms at which a pairing uri set at `now` expires: 4 minutes later.
 *
 * @example
 * pairing.set({ wcUri: uri, wcPairingExpiry: pairingExpiry() })
 */
export function pairingExpiry(now: number = Date.now()): number {
  return now + PAIRING_LIFETIME_MS
}

/**
 * A pairing counts as expired when 10 s or less of it remain;
 * no expiry at all (no pairing) counts as expired.
 *
 * @example
 * if (isPairingExpired(pairing.get().wcPairingExpiry)) startPairing()
 */
export function isPairingExpired(expiry: number | undefined, now: number = Date.now()): boolean {
  return expiry === undefined || expiry - now <= PAIRING_EXPIRY_MARGIN_MS
}
