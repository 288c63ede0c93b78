import { CONNECTOR_TYPE_ORDER, type ConnectorGroup } from '../constants.ts'

export interface WalletListEntry {
  readonly id: string
  readonly group: ConnectorGroup
}

/** Sorts wallet entries by CONNECTOR_TYPE_ORDER, keeping order within a group. */
export function sortByConnectorGroup<T extends WalletListEntry>(entries: readonly T[]): T[] {
  const rank = (entry: T) => CONNECTOR_TYPE_ORDER.indexOf(entry.group)
  // Array.prototype.sort is stable, so the order within a group survives.
  return [...entries].sort((a, b) => rank(a) - rank(b))
}

export interface WalletFilter {
  readonly includeWalletIds: readonly string[]
  readonly excludeWalletIds: readonly string[]
}

/** The integrator's lists: an include list keeps only those wallets; an exclude list drops wallets. */
export function filterWallets<T extends { readonly id: string }>(entries: readonly T[], filter: WalletFilter): T[] {
  const include = new Set(filter.includeWalletIds)
  const exclude = new Set(filter.excludeWalletIds)
  return entries.filter((entry) => (include.size === 0 || include.has(entry.id)) && !exclude.has(entry.id))
}
