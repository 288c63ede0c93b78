/** The native currency's symbol of the EVM chains whose currency is not called ETH. */
const NOT_ETH: Readonly<Record<number, string>> = {
  56: 'BNB',
  97: 'tBNB',
  100: 'xDAI',
  137: 'POL',
  250: 'FTM',
  42220: 'CELO',
  43113: 'AVAX',
  43114: 'AVAX',
  80002: 'POL',
}

/** The symbol of a chain's native currency (18 decimals on every EVM chain): ETH unless the chain is listed. */
export const nativeSymbol = (chainId: number): string => NOT_ETH[chainId] ?? 'ETH'
