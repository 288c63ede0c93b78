// The swaps rules that need no chain: slippage, price impact, the restricted time zones,
// the routers the app may configure, and where the Swap button shows.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportTimeZone } from '../../test/unit/reportedTimeZone.ts'
import { type AccountState, type PorticoKit, createKernel, createMemoryBackend, mainnet } from '../../kernel/index.ts'
import { swapsPlugin } from './index.ts'
import { minimumReceived, priceImpactBps } from './rules.ts'

const RESTRICTED = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Macau', 'Asia/Macao', 'Asia/Hong_Kong', 'Asia/Beijing']
const ROUTER = { router: '0xC5888275e0a1ca13a26463318105957aa4d1feD7', weth: '0x850EC3780CeDfdb116E38B009d0bf7a1ef1b8b38' } as const

const kits: PorticoKit[] = []
afterEach(() => {
  vi.restoreAllMocks()
  kits.splice(0).forEach((kit) => kit.destroy())
})

const swapFeatures = (features: Record<string, boolean> = {}) => {
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false, ...features }, plugins: [swapsPlugin({ routers: { 'eip155:31337': ROUTER } })] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(kit)
  return kit.plugins.contributed('walletFeatures')
}

const account = (caipAddress: string) => ({ caipAddress }) as unknown as AccountState

describe('slippage and price impact', () => {
  it('the minimum received is the quote less 1 %, rounded down', () => {
    expect(minimumReceived(24_318_852n)).toBe(24_075_663n)
    expect(minimumReceived(100n)).toBe(99n)
    expect(minimumReceived(99n)).toBe(98n)
    expect(minimumReceived(1_000n, 0.5)).toBe(995n)
  })

  it('price impact: the mid-price output less the quote, over the mid-price output, in basis points', () => {
    // 10 in a 400:1000 pool: 25 at the mid price, 24.318852 paid.
    expect(priceImpactBps({ amountIn: 10n * 10n ** 18n, amountOut: 24_318_852n, reserveIn: 400n * 10n ** 18n, reserveOut: 1000n * 10n ** 6n })).toBe(272)
    expect(priceImpactBps({ amountIn: 10n, amountOut: 24n, reserveIn: 400n, reserveOut: 1000n })).toBe(400)
    expect(priceImpactBps({ amountIn: 10n, amountOut: 30n, reserveIn: 400n, reserveOut: 1000n })).toBe(0)
    expect(priceImpactBps({ amountIn: 10n, amountOut: 0n, reserveIn: 0n, reserveOut: 0n })).toBe(0)
  })
})

describe('restricted time zones (SPEC §6)', () => {
  it.each(RESTRICTED)('in %s the Swap button is not offered', (zone) => {
    reportTimeZone(zone)
    expect(swapFeatures().map((feature) => feature.id)).not.toContain('swaps')
  })

  it.each(['Asia/Tokyo', 'Europe/Berlin'])('in %s it is, at rank 20 (before receive 30 and send 40)', (zone) => {
    reportTimeZone(zone)
    expect(swapFeatures()).toEqual([expect.objectContaining({ id: 'swaps', label: 'Swap', view: 'Swap', rank: 20 })])
  })
})

describe('where swaps are offered', () => {
  it('features.swaps is on by default, and false turns it off', () => {
    reportTimeZone('Europe/Berlin')
    expect(swapFeatures()).toHaveLength(1)
    expect(swapFeatures({ swaps: false })).toEqual([])
  })

  it('the button shows on a network with a router only: Ethereum (known), Hardhat (configured); not Polygon (none configured)', () => {
    reportTimeZone('Europe/Berlin')
    const [feature] = swapFeatures()
    expect(feature?.whenAccount?.(account('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))).toBe(true)
    expect(feature?.whenAccount?.(account('eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))).toBe(true)
    expect(feature?.whenAccount?.(account('eip155:137:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))).toBe(false)
    expect(feature?.whenAccount?.(account('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'))).toBe(false)
  })

  it('routers only on the 12 swap networks and local chains; a bad address names itself', () => {
    expect(() => swapsPlugin({ routers: { 'eip155:5': ROUTER } })).toThrow(/swapsPlugin\.routers/)
    expect(() => swapsPlugin({ routers: { 'eip155:8453': { ...ROUTER, router: '0x1234' as `0x${string}` } } })).toThrow(/swapsPlugin\.routers\.eip155:8453\.router/)
    expect(() => swapsPlugin({ routers: { 'eip155:8453': ROUTER, 'eip155:1337': ROUTER } })).not.toThrow()
  })
})
