import type { OperationType, Transaction, Transfer } from '../../protocol/api/schemas.ts'
import type { CaipNetworkId } from '../../kernel/index.ts'

/** A transaction is spam when it has transfers and every one of them is an NFT flagged spam. */
export const isSpam = (transaction: Transaction) => transaction.transfers.length > 0 && transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)

/** What the Activity list shows of a page: no spam, and only the connected chain's transactions. */
export const shownTransactions = (page: readonly Transaction[], chainId: CaipNetworkId) =>
  page.filter((transaction) => transaction.metadata.chain === chainId && !isSpam(transaction))

const minedAt = (transaction: Transaction) => Date.parse(transaction.metadata.minedAt)

/** Adds a page to the list: each transaction once (by id, the newer copy wins), newest first. */
export function mergeTransactions(list: readonly Transaction[], page: readonly Transaction[]): Transaction[] {
  const byId = new Map(list.map((transaction) => [transaction.id, transaction]))
  for (const transaction of page) byId.set(transaction.id, transaction)
  return [...byId.values()].sort((a, b) => minedAt(b) - minedAt(a))
}

export interface MonthGroup {
  /** `2026-05`: a stable key. */
  readonly key: string
  readonly year: number
  /** 0 to 11. */
  readonly month: number
  readonly transactions: readonly Transaction[]
}

/** The transactions grouped by year and month (local time), newest month first, newest first within. */
export function groupByMonth(transactions: readonly Transaction[]): MonthGroup[] {
  const groups = new Map<string, { year: number; month: number; transactions: Transaction[] }>()
  for (const transaction of [...transactions].sort((a, b) => minedAt(b) - minedAt(a))) {
    const date = new Date(transaction.metadata.minedAt)
    const year = date.getFullYear()
    const month = date.getMonth()
    const key = `${year}-${String(month + 1).padStart(2, '0')}`
    const group = groups.get(key) ?? { year, month, transactions: [] }
    group.transactions.push(transaction)
    groups.set(key, group)
  }
  return [...groups.entries()].map(([key, group]) => ({ key, ...group }))
}

/** A month's heading: its name in this year ('May'), with the year before that ('December 2025'). */
export function monthTitle(group: Pick<MonthGroup, 'year' | 'month'>, now = new Date(), locale?: string): string {
  const date = new Date(group.year, group.month, 1)
  const options: Intl.DateTimeFormatOptions = group.year === now.getFullYear() ? { month: 'long' } : { month: 'long', year: 'numeric' }
  return new Intl.DateTimeFormat(locale, options).format(date)
}

const PLUS: readonly OperationType[] = ['receive', 'deposit', 'borrow', 'claim']
const MINUS: readonly OperationType[] = ['withdraw', 'repay', 'burn']

/**
 * The sign before a transfer's amount: + for receive, deposit, borrow and claim, − for
 * withdraw, repay and burn (§9). Other types follow the transfer's direction, so a send
 * (out) shows −, a mint (in) +, each side of a trade its own; a transfer to oneself none.
 */
export function amountSign(operationType: OperationType, direction: Transfer['direction']): '+' | '−' | '' {
  if (PLUS.includes(operationType)) return '+'
  if (MINUS.includes(operationType)) return '−'
  if (direction === 'in') return '+'
  if (direction === 'out') return '−'
  return ''
}
