/**
 * A balance as the demo shows it: cut (never rounded) to 3 decimals, trailing
 * zeros dropped, with its symbol: "9999.968 ETH". Works on the decimal text, so
 * no float error creeps in.
 */
export function formatDemoBalance(balance: string | undefined, symbol: string | undefined): string | undefined {
  if (balance === undefined) return undefined
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(balance.trim())
  if (!match) return symbol ? `${balance} ${symbol}` : balance
  const fraction = (match[2] ?? '').slice(0, 3).replace(/0+$/, '')
  const amount = fraction ? `${match[1]}.${fraction}` : match[1]!
  return symbol ? `${amount} ${symbol}` : amount
}
