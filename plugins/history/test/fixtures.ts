import type { Transaction, Transfer } from '../../../protocol/api/schemas.ts'

export const ACCOUNT = '0x1234567890abcdef1234567890abcdef12345678'
export const OTHER = '0xabcdefabcdefabcdefabcdefabcdefabcdef0001'

let sequence = 0

/** A transaction as the Blockchain API sends it: by default a confirmed send of 1.5 USDT on mainnet. */
export function transaction(
  overrides: {
    readonly minedAt?: string
    readonly chain?: Transaction['metadata']['chain']
    readonly operationType?: Transaction['metadata']['operationType']
    readonly transfers?: Transfer[]
    readonly id?: string
  } = {},
): Transaction {
  sequence += 1
  const hash = `0x${sequence.toString(16).padStart(64, '0')}`
  const chain = overrides.chain ?? 'eip155:1'
  return {
    id: overrides.id ?? `${chain}:${hash}`,
    metadata: {
      operationType: overrides.operationType ?? 'send',
      hash,
      minedAt: overrides.minedAt ?? '2026-05-04T10:00:00.000Z',
      sentFrom: ACCOUNT,
      sentTo: OTHER,
      status: 'confirmed',
      chain,
    },
    transfers: overrides.transfers ?? [fungible('out', '1.5', 'USDT')],
  }
}

export const fungible = (direction: Transfer['direction'], numeric: string, symbol: string): Transfer => ({
  direction,
  fungible_info: { name: symbol, symbol },
  quantity: { numeric, decimals: '6' },
})

export const spamNft = (): Transfer => ({
  direction: 'in',
  nft_info: { name: 'Free tokens', flags: { is_spam: true } },
  quantity: { numeric: '1', decimals: '0' },
})
