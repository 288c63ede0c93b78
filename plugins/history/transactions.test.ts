import { describe, expect, it } from 'vitest'
import type { OperationType } from '../../protocol/api/schemas.ts'
import { fungible, spamNft, transaction } from './test/fixtures.ts'
import { amountSign, groupByMonth, isSpam, mergeTransactions, monthTitle, shownTransactions } from './transactions.ts'

describe('transaction rules (§4 Transactions, §9)', () => {
  it('spam: a transaction whose transfers are all flagged spam is dropped; one real transfer keeps it', () => {
    const allSpam = transaction({ transfers: [spamNft(), spamNft()] })
    const mixed = transaction({ transfers: [spamNft(), fungible('in', '1', 'ETH')] })
    const plain = transaction()
    const noTransfers = transaction({ transfers: [], operationType: 'approve' })
    expect(isSpam(allSpam)).toBe(true)
    expect(shownTransactions([allSpam, mixed, plain, noTransfers], 'eip155:1')).toEqual([mixed, plain, noTransfers])
  })

  it('only the connected chain: transactions of other chains are dropped', () => {
    const here = transaction({ chain: 'eip155:31337' })
    const there = transaction({ chain: 'eip155:1' })
    expect(shownTransactions([here, there], 'eip155:31337')).toEqual([here])
  })

  it('grouped by year and month, newest first, newest first within a month', () => {
    const may4 = transaction({ minedAt: '2026-05-04T10:00:00.000Z' })
    const may20 = transaction({ minedAt: '2026-05-20T10:00:00.000Z' })
    const april = transaction({ minedAt: '2026-04-30T10:00:00.000Z' })
    const lastYear = transaction({ minedAt: '2025-12-15T10:00:00.000Z' })
    const groups = groupByMonth([april, may4, lastYear, may20])
    expect(groups.map((group) => [group.year, group.month, group.transactions])).toEqual([
      [2026, 4, [may20, may4]],
      [2026, 3, [april]],
      [2025, 11, [lastYear]],
    ])
  })

  it("month titles use Intl: this year's by name, others with the year", () => {
    const now = new Date(2026, 4, 10)
    expect(monthTitle({ year: 2026, month: 4 }, now, 'en-US')).toBe('May')
    expect(monthTitle({ year: 2025, month: 11 }, now, 'en-US')).toBe('December 2025')
    expect(monthTitle({ year: 2026, month: 0 }, now, 'fr-FR')).toBe('janvier')
  })

  it.each<[OperationType, 'in' | 'out' | 'self', string]>([
    ['receive', 'in', '+'],
    ['deposit', 'out', '+'],
    ['borrow', 'in', '+'],
    ['claim', 'in', '+'],
    ['withdraw', 'in', '−'],
    ['repay', 'out', '−'],
    ['burn', 'out', '−'],
    ['send', 'out', '−'],
    ['mint', 'in', '+'],
    ['trade', 'out', '−'],
    ['trade', 'in', '+'],
    ['execute', 'self', ''],
  ])('%s (%s) is signed "%s"', (type, direction, sign) => {
    expect(amountSign(type, direction)).toBe(sign)
  })

  // The table, not the direction: each of its types against the directions that would give the
  // other sign (or none), so a type missing from the table, or in the wrong row, fails here.
  it.each<[OperationType, 'in' | 'out' | 'self', string]>([
    ['receive', 'out', '+'],
    ['receive', 'self', '+'],
    ['deposit', 'out', '+'],
    ['deposit', 'self', '+'],
    ['borrow', 'out', '+'],
    ['borrow', 'self', '+'],
    ['claim', 'out', '+'],
    ['claim', 'self', '+'],
    ['withdraw', 'in', '−'],
    ['withdraw', 'self', '−'],
    ['repay', 'in', '−'],
    ['repay', 'self', '−'],
    ['burn', 'in', '−'],
    ['burn', 'self', '−'],
  ])('the sign table wins over the direction: %s (%s) is signed "%s"', (type, direction, sign) => {
    expect(amountSign(type, direction)).toBe(sign)
  })

  it.each<[OperationType, 'in' | 'out' | 'self', string]>([
    ['send', 'in', '+'],
    ['mint', 'out', '−'],
    ['approve', 'self', ''],
    ['buy', 'in', '+'],
  ])('a type outside the table follows the direction: %s (%s) is signed "%s"', (type, direction, sign) => {
    expect(amountSign(type, direction)).toBe(sign)
  })

  it('a page merged into the list keeps each transaction once, newest first', () => {
    const a = transaction({ minedAt: '2026-05-01T00:00:00.000Z' })
    const b = transaction({ minedAt: '2026-05-02T00:00:00.000Z' })
    const c = transaction({ minedAt: '2026-05-03T00:00:00.000Z' })
    expect(mergeTransactions([b, a], [c, b])).toEqual([c, b, a])
  })
})
