import { describe, expect, it } from 'vitest'
import type { Connector } from '../../kernel/index.ts'
import { buildWalletList } from './walletList.ts'

const config = { featuredWalletIds: [] as string[], includeWalletIds: [] as string[], excludeWalletIds: [] as string[] }
const wallet = (id: string, extra = {}) => ({ id, name: `${id} wallet`, ...extra })
const announced = (id: string, rdns: string): Connector => ({ id, name: `${id} ext`, type: 'ANNOUNCED', chain: 'eip155', info: { rdns } })

describe('AllWallets rows (connector group order, issue 5)', () => {
  it('orders walletConnect, recent, installed, featured, then the registry', () => {
    const rows = buildWalletList({
      config: { ...config, featuredWalletIds: ['f2', 'f1'] },
      connectors: [announced('mm', 'io.mm'), { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }],
      recent: [{ id: 'r1', name: 'Recent One' }],
      featured: [wallet('f1'), wallet('f2')],
      registry: [wallet('a'), wallet('b')],
    })
    expect(rows.map((r) => [r.group, r.id])).toEqual([
      ['walletConnect', 'walletConnect'],
      ['recent', 'r1'],
      ['injected', 'mm'],
      ['featured', 'f2'],
      ['featured', 'f1'],
      ['recommended', 'a'],
      ['recommended', 'b'],
    ])
  })

  it('a registry wallet that is installed shows once, marked installed, through its connector', () => {
    const rows = buildWalletList({
      config,
      connectors: [announced('rainbow-ext', 'me.rainbow')],
      recent: [],
      featured: [],
      registry: [wallet('rainbow', { rdns: 'me.rainbow', imageUrl: 'https://img/r.png' }), wallet('other')],
    })
    expect(rows.filter((r) => r.installed).map((r) => [r.id, r.name, r.wallet?.id])).toEqual([['rainbow-ext', 'rainbow wallet', 'rainbow']])
    expect(rows.map((r) => r.id)).toEqual(['walletConnect', 'rainbow-ext', 'other'])
  })

  it('include and exclude lists apply to registry wallets, never to installed ones', () => {
    const rows = buildWalletList({
      config: { ...config, includeWalletIds: ['a', 'f1'], excludeWalletIds: ['a'] },
      connectors: [announced('mm', 'io.mm')],
      recent: [],
      featured: [wallet('f1')],
      registry: [wallet('a'), wallet('b')],
    })
    expect(rows.map((r) => r.id)).toEqual(['walletConnect', 'mm'])
  })

  it('a recent wallet also in the registry keeps its links and is not listed twice', () => {
    const rows = buildWalletList({
      config,
      connectors: [],
      recent: [{ id: 'a', name: 'Old name' }],
      featured: [],
      registry: [wallet('a', { mobileLink: 'a://' }), wallet('b')],
    })
    expect(rows.map((r) => [r.group, r.id])).toEqual([
      ['walletConnect', 'walletConnect'],
      ['recent', 'a'],
      ['recommended', 'b'],
    ])
    expect(rows[1]!.wallet).toMatchObject({ mobileLink: 'a://' })
  })

  it('while searching only matches are listed, without the QR entry and recents', () => {
    const rows = buildWalletList({
      config,
      connectors: [announced('rain-ext', 'x.rain'), announced('mm', 'io.mm')],
      recent: [{ id: 'r', name: 'Rainy recent' }],
      featured: [],
      registry: [wallet('rainbow')],
      search: 'RAIN',
    })
    expect(rows.map((r) => r.id)).toEqual(['rain-ext', 'rainbow'])
  })
})
