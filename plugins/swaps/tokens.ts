import type { ChainRecord, TokenBalance } from '../../kernel/index.ts'
import { parsePositiveUnits } from '../../kernel/wallets/index.ts'
import type { SwapToken } from './provider.ts'

/** A token the form offers, with what the account holds of it (0 when it holds none). */
export interface SwapOption extends SwapToken {
  readonly name: string
  readonly balance: bigint
}

/** A stable key per token of a network: its contract in lower case, or "native". */
export const tokenKey = (token: Pick<SwapToken, 'address'>) => token.address?.toLowerCase() ?? 'native'

/** A holding's decimal text in base units, digits past the token's decimals cut; 0 when unreadable. */
function baseUnits(numeric: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = numeric.trim().split('.')
  return parsePositiveUnits(fraction ? `${whole}.${fraction.slice(0, decimals)}` : whole, decimals) ?? 0n
}

function fromBalance(balance: TokenBalance): SwapOption | undefined {
  const decimals = Number(balance.quantity.decimals)
  if (!balance.address || !/^0x[0-9a-fA-F]{40}$/.test(balance.address) || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  return { address: balance.address as `0x${string}`, name: balance.name, symbol: balance.symbol, decimals, balance: baseUnits(balance.quantity.numeric, decimals) }
}

/**
 * What the account can swap on its active network: the native currency first (its own
 * balance), then the portfolio's tokens there (`accountState.tokenBalance`).
 */
export function swapOptions(record: ChainRecord | undefined): readonly SwapOption[] {
  const network = record?.networkState.caipNetwork
  if (!record || !network) return []
  const { nativeCurrency } = network
  const native: SwapOption = {
    name: nativeCurrency.name,
    symbol: nativeCurrency.symbol,
    decimals: nativeCurrency.decimals,
    balance: baseUnits(record.accountState.balance ?? '0', nativeCurrency.decimals),
  }
  const listed = record.accountState.tokenBalance
    .filter((balance) => balance.chainId === network.caipNetworkId)
    .map(fromBalance)
    .filter((token): token is SwapOption => token !== undefined)
  return [native, ...listed]
}
