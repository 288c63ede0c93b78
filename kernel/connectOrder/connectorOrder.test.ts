import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ConnectorGroup } from '../constants.ts'
import { filterWallets, sortByConnectorGroup } from './connectorOrder.ts'

const entry = (id: string, group: ConnectorGroup) => ({ id, group })
const ORDER: ConnectorGroup[] = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']

describe('connector type order', () => {
  it('wallets sort walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const shuffled = [
      entry('r', 'recommended'),
      entry('x', 'external'),
      entry('c', 'custom'),
      entry('f', 'featured'),
      entry('i', 'injected'),
      entry('rc', 'recent'),
      entry('wc', 'walletConnect'),
    ]
    expect(sortByConnectorGroup(shuffled).map((e) => e.group)).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })

  it('the order within a group is kept (stable)', () => {
    const list = [entry('rec-1', 'recommended'), entry('inj-1', 'injected'), entry('rec-2', 'recommended'), entry('inj-2', 'injected'), entry('rec-3', 'recommended')]
    expect(sortByConnectorGroup(list).map((e) => e.id)).toEqual(['inj-1', 'inj-2', 'rec-1', 'rec-2', 'rec-3'])
  })

  it('sorting does not mutate the input list', () => {
    const list = [entry('b', 'recommended'), entry('a', 'walletConnect')]
    sortByConnectorGroup(list)
    expect(list.map((e) => e.id)).toEqual(['b', 'a'])
  })

  it('property: output is a permutation, ordered by group rank, stable within a group', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER), { maxLength: 30 }), (groups) => {
        const input = groups.map((group, i) => entry(String(i), group))
        const output = sortByConnectorGroup(input)
        expect([...output].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(input)
        for (let i = 1; i < output.length; i++) {
          const prev = output[i - 1]!
          const cur = output[i]!
          const rankPrev = ORDER.indexOf(prev.group)
          const rankCur = ORDER.indexOf(cur.group)
          expect(rankPrev).toBeLessThanOrEqual(rankCur)
          if (rankPrev === rankCur) expect(Number(prev.id)).toBeLessThan(Number(cur.id))
        }
      }),
    )
  })
})

describe('include and exclude lists (the developer may exclude or include wallets)', () => {
  const wallets = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]

  it('with no lists every wallet stays', () => {
    expect(filterWallets(wallets, { includeWalletIds: [], excludeWalletIds: [] })).toEqual(wallets)
  })

  it('an include list keeps only those wallets, in the order they came', () => {
    expect(filterWallets(wallets, { includeWalletIds: ['c', 'a'], excludeWalletIds: [] }).map((w) => w.id)).toEqual(['a', 'c'])
  })

  it('an exclude list drops those wallets', () => {
    expect(filterWallets(wallets, { includeWalletIds: [], excludeWalletIds: ['b'] }).map((w) => w.id)).toEqual(['a', 'c'])
  })

  it('exclude wins over include for a wallet on both lists', () => {
    expect(filterWallets(wallets, { includeWalletIds: ['a', 'b'], excludeWalletIds: ['b'] }).map((w) => w.id)).toEqual(['a'])
  })
})
