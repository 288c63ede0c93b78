/** The on-ramp providers' fee ranges in percent and the namespaces each serves (SPEC §9). */
export const FeeRangePercent = {
  coinbase: { min: 1, max: 2, namespaces: ['eip155'] },
  meld: { min: 1, max: 2, namespaces: ['eip155', 'solana'] },
} as const
