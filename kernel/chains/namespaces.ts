/** The chain namespaces Portico knows. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** Default account type per namespace. */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const satisfies Record<ChainNamespace, AccountType>

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}
