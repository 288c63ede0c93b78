import type { ChainRecord, TokenBalance } from '../../kernel/index.ts'
import { parsePositiveUnits } from '../../kernel/wallets/index.ts'
import type { SendToken } from './sender.ts'

/** A stable key per token of a network: its contract in lower case, or "native". */
export const tokenKey = (token: Pick<SendToken, 'address'>) => token.address?.toLowerCase() ?? 'native'

/** A whole-unit decimal as base units; 0 for anything that is not a plain non-negative decimal. */
function baseUnits(numeric: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = numeric.trim().split('.')
  // Cut (never round) digits beyond the token's decimals: the holding can only be smaller.
  return parsePositiveUnits(fraction ? `${whole}.${fraction.slice(0, decimals)}` : whole, decimals) ?? 0n
}

function fromBalance(balance: TokenBalance): SendToken | undefined {
  const decimals = Number(balance.quantity.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  return {
    name: balance.name,
    symbol: balance.symbol,
    ...(balance.address ? { address: balance.address } : {}),
    decimals,
    balance: baseUnits(balance.quantity.numeric, decimals),
    price: Number.isFinite(balance.price) && balance.price > 0 ? balance.price : 0,
    ...(balance.iconUrl ? { iconUrl: balance.iconUrl } : {}),
  }
}

/**
 * What the account can send on its active network: its token balances there
 * (`accountState.tokenBalance`, filled by the portfolio), native first. When the list has
 * no native entry (no balance source configured, or not loaded yet) the native currency
 * comes from the account's own balance, without a price.
 */
export function sendTokens(record: ChainRecord | undefined): readonly SendToken[] {
  const network = record?.networkState.caipNetwork
  if (!record || !network) return []
  const listed = record.accountState.tokenBalance
    .filter((balance) => balance.chainId === network.caipNetworkId)
    .map(fromBalance)
    .filter((token): token is SendToken => token !== undefined)
  const { balance } = record.accountState
  const native: SendToken | undefined =
    listed.find((token) => !token.address) ??
    (balance === undefined
      ? undefined
      : {
          name: network.nativeCurrency.name,
          symbol: network.nativeCurrency.symbol,
          decimals: network.nativeCurrency.decimals,
          balance: baseUnits(balance, network.nativeCurrency.decimals),
          price: 0,
        })
  return [...(native ? [native] : []), ...listed.filter((token) => token.address)]
}
